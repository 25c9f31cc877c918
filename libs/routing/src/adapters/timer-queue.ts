import { SpanKind } from '@opentelemetry/api';
import {
  contextFromTraceparent,
  currentTraceparent,
  DelayedJobQueue,
  type DelayedJob,
  inSpan,
  runWithLogContext,
  startJobWorker,
  tracingEnabled,
  type RedisPair,
} from '@eh/platform';
import type { TimerRow } from './routing-view.query';
import type { TimerJobData, TimerScheduler } from '../application/timer-scheduler.port';

export type { TimerJobData } from '../application/timer-scheduler.port';

export const TIMER_QUEUE_NAME = 'deployment-timers';

/**
 * The TimerScheduler port on the platform's BullMQ adapter. Job ids are deterministic
 * (`sla-dep_…`), so adding a timer already waiting is a no-op, and completed or finally failed
 * jobs are removed, so the reconciler can add the same id again when the read model still
 * lists it.
 */
export class DeploymentTimerQueue implements TimerScheduler {
  private readonly jobs: DelayedJobQueue<TimerJobData>;
  private worker: { close(): Promise<void> } | undefined;

  constructor(
    private readonly redis: Pick<RedisPair, 'producer' | 'worker'>,
    private readonly prefix: string,
  ) {
    this.jobs = new DelayedJobQueue<TimerJobData>({
      name: TIMER_QUEUE_NAME,
      prefix,
      connection: redis.producer,
      jobOptions: { removeOnComplete: true, removeOnFail: true, attempts: 5, backoff: { type: 'exponential', delay: 500 } },
    });
  }

  schedule(timers: readonly TimerRow[], now: Date): Promise<void> {
    return this.jobs.add(timers.map(timerJob), now);
  }

  async repair(timers: readonly TimerRow[], now: Date): Promise<void> {
    for (const timer of timers) await this.jobs.ensure(timerJob(timer), now);
  }

  remove(jobIds: readonly string[]): Promise<void> {
    return this.jobs.remove(jobIds);
  }

  /** Ids of the jobs waiting to fire (tests and diagnostics). */
  pendingJobIds(): Promise<string[]> {
    return this.jobs.pendingJobIds();
  }

  /** One worker per router process; several processes share the queue, each job runs once. */
  startWorker(handle: (job: TimerJobData) => Promise<unknown>, concurrency = 8): void {
    if (this.worker) throw new Error('timer worker already started');
    this.worker = startJobWorker<TimerJobData, unknown>(
      { name: TIMER_QUEUE_NAME, prefix: this.prefix, connection: this.redis.worker, concurrency, log: (line) => console.error(line) },
      (job) => fireWithSignals(job, () => handle(job)),
    );
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.jobs.close();
  }
}

function timerJob(timer: TimerRow): DelayedJob<TimerJobData> {
  const traceparent = currentTraceparent();
  return {
    id: timer.jobId,
    name: timer.kind,
    data: {
      deploymentId: timer.deploymentId,
      workspaceId: timer.workspaceId,
      kind: timer.kind,
      offerNumber: timer.offerNumber,
      dueAt: timer.dueAt.toISOString(),
      ...(traceparent === undefined ? {} : { traceparent }),
    },
    dueAt: timer.dueAt,
  };
}

/** A fired timer logs with its deployment and, with tracing on, is a span in the trace that scheduled it. */
function fireWithSignals<T>(job: TimerJobData, fire: () => Promise<T>): Promise<T> {
  return runWithLogContext({ deployment_id: job.deploymentId, workspace_id: job.workspaceId }, () =>
    tracingEnabled()
      ? inSpan(
          `timer ${job.kind}`,
          { kind: SpanKind.CONSUMER, attributes: { deployment_id: job.deploymentId, timer_kind: job.kind } },
          contextFromTraceparent(job.traceparent),
          fire,
        )
      : fire(),
  );
}
