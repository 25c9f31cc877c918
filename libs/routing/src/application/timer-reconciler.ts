import { startPeriodicTask, type PeriodicTask, type SqlClient } from '@eh/platform';
import { SINGLE_TIMER_KINDS, timerJobId, timersImpliedBy, type DeploymentState } from '@eh/deployments';
import { timersDueBefore, timersOfDeployment, type TimerRow } from '../adapters/routing-view.query';
import type { TimerScheduler } from './timer-scheduler.port';

export interface TimerSchedulingOptions {
  /** How often every timer is derived again from the read model (TIMER_RECONCILE_SECONDS). */
  reconcileSeconds: number;
}

/**
 * Keeps BullMQ in step with deployment_timers_view, the timers the events imply (
 * "a flushed Redis loses nothing"). Redis holds only timers due within two reconcile periods;
 * later ones wait in PostgreSQL and are added by a later pass, so Redis stays small and no
 * delayed job outlives a change of plan by long. Passes run at start and then periodically on
 * every router replica; deterministic job ids make them idempotent. Same shape as the
 * webhooks' DeliveryReconciler (libs/delivery): `runOnce`, `start`, `stop`.
 */
export class TimerReconciler {
  private periodic: PeriodicTask | undefined;

  constructor(
    private readonly sql: SqlClient,
    private readonly scheduler: TimerScheduler,
    private readonly options: TimerSchedulingOptions,
    private readonly onError: (error: unknown) => void = (error) => console.error('timer reconciler:', error),
  ) {}

  get horizonMs(): number {
    return 2 * this.options.reconcileSeconds * 1000;
  }

  /**
   * One pass: schedule every timer due within the horizon. Returns how many it saw. A timer
   * still listed a period after it was due has not fired: its job is checked one by one.
   */
  async runOnce(now = new Date()): Promise<number> {
    const due = await timersDueBefore(this.sql, new Date(now.getTime() + this.horizonMs));
    const lateBefore = now.getTime() - this.options.reconcileSeconds * 1000;
    const isLate = (timer: TimerRow): boolean => timer.dueAt.getTime() < lateBefore;
    await this.scheduler.schedule(
      due.filter((timer) => !isLate(timer)),
      now,
    );
    await this.scheduler.repair(due.filter(isLate), now);
    return due.length;
  }

  /**
   * After an event of one deployment: schedule what it needs now, remove what it no longer does.
   * `finished`: the caller's fold of the stream is terminal, so no timer is needed now or ever
   * after, and the view is not read (a query per deployment, for the empty answer).
   * `state`: the caller's fold at the event it handled; the view holds the timers that fold
   * implies (it is written from the same fold, in the append's statement), so they are derived
   * here instead of read back. A later event, if any, syncs again when it is handled.
   */
  async syncDeployment(
    deploymentId: string,
    { finished = false, state, now = new Date() }: { finished?: boolean; state?: DeploymentState; now?: Date } = {},
  ): Promise<void> {
    const timers = finished ? [] : state ? timerRowsOf(state) : await timersOfDeployment(this.sql, deploymentId);
    const horizon = now.getTime() + this.horizonMs;
    await this.scheduler.schedule(
      timers.filter((timer) => timer.dueAt.getTime() < horizon),
      now,
    );
    const current = new Set(timers.map((timer) => timer.jobId));
    const stale = SINGLE_TIMER_KINDS.map((kind) => timerJobId(kind, deploymentId)).filter((jobId) => !current.has(jobId));
    await this.scheduler.remove(stale);
  }

  /** A first pass before the router consumes events, then one every reconcile period. */
  async start(): Promise<void> {
    await this.runOnce();
    this.periodic = startPeriodicTask('timer reconcile', this.options.reconcileSeconds * 1000, () => this.runOnce(), this.onError, false);
  }

  async stop(): Promise<void> {
    await this.periodic?.stop();
  }
}

/** The rows the routing view holds for `state`, as `timersOfDeployment` would read them. */
function timerRowsOf(state: DeploymentState): TimerRow[] {
  if (state.status === 'initial') return [];
  const { deployment_id: deploymentId, workspace_id: workspaceId } = state.details;
  return timersImpliedBy(state).map(({ jobId, kind, dueAt, offerNumber }) => ({ jobId, deploymentId, workspaceId, kind, dueAt: new Date(dueAt), offerNumber }));
}
