import { startPeriodicTask, type PeriodicTask, type SqlClient } from '@eh/platform';
import { pendingDeliveriesDue, type DueDelivery } from '../adapters/deliveries-view.query';
import type { AttemptQueue } from './attempt-scheduler.port';

const PAGE = 500;

export interface ReconcileReport {
  checked: number;
  added: number;
  revived: number;
}

/**
 * Redis holds only rebuildable state: on start and every interval, every
 * pending delivery due before the next pass but one is re-derived from `deliveries_view` and
 * its attempt job ensured under the same job id. A flushed Redis, an enqueue lost in a crash,
 * a job that failed for good: each is repaired within one interval. Same shape as the router's
 * TimerReconciler (libs/deployments): `runOnce`, `start`, `stop`.
 */
export class DeliveryReconciler {
  private periodic: PeriodicTask | undefined;
  private running: Promise<ReconcileReport> | undefined;

  constructor(
    private readonly sql: SqlClient,
    private readonly queue: AttemptQueue,
    private readonly intervalMs: number,
    private readonly clock: () => Date = () => new Date(),
    /** A delivery this process is attempting now has no job, and must not get one (FirstAttempts). */
    private readonly isAttempting: (deliveryId: string) => boolean = () => false,
  ) {}

  start(): void {
    this.periodic = startPeriodicTask(
      'delivery reconcile',
      this.intervalMs,
      () => this.runOnce(),
      (error) => console.error('webhooks:', error),
    );
  }

  /** One pass; a pass already running is joined rather than doubled. */
  runOnce(): Promise<ReconcileReport> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    await this.periodic?.stop();
  }

  private async pass(): Promise<ReconcileReport> {
    const until = new Date(this.clock().getTime() + 2 * this.intervalMs);
    const report: ReconcileReport = { checked: 0, added: 0, revived: 0 };
    let after: DueDelivery | undefined;
    for (;;) {
      const due = await pendingDeliveriesDue(this.sql, until, PAGE, after);
      for (const delivery of due) {
        if (this.isAttempting(delivery.delivery_id)) continue;
        const outcome = await this.queue.ensure(delivery.delivery_id, delivery.next_attempt, delivery.next_attempt_at);
        report.checked += 1;
        if (outcome === 'added') report.added += 1;
        if (outcome === 'revived') report.revived += 1;
      }
      if (due.length < PAGE) break;
      after = due[due.length - 1];
    }
    if (report.added + report.revived > 0) console.log(`webhooks: reconciled ${report.added} missing and ${report.revived} failed attempt jobs`);
    return report;
  }
}
