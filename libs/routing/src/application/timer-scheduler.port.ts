import type { TimerKind } from '@eh/deployments';
import type { TimerRow } from '../adapters/routing-view.query';

/** What a timer job carries: enough to send its command without reading a read model. */
export interface TimerJobData {
  deploymentId: string;
  workspaceId: string;
  kind: TimerKind;
  offerNumber: number | null;
  dueAt: string;
  /** The trace of the event that scheduled it, when one was active; the fired timer's span continues it. */
  traceparent?: string;
}

/** The router's clocks as delayed jobs; the BullMQ side is ./timer-queue.ts. */
export interface TimerScheduler {
  /** Adds each timer as a job due at its time (at once when overdue); one already there is left alone. */
  schedule(timers: readonly TimerRow[], now: Date): Promise<void>;
  /**
   * For timers overdue by a reconcile period: makes sure each job can still run. One that Redis
   * lost only in part (its hash outlived its list) is added again, where schedule() would take
   * the hash as the job.
   */
  repair(timers: readonly TimerRow[], now: Date): Promise<void>;
  /** Drops jobs the deployment no longer needs. */
  remove(jobIds: readonly string[]): Promise<void>;
}
