import type { DeploymentState } from '@eh/deployments';
import type { BackgroundWorker, EventStore } from '@eh/event-store';
import { openRedisPair, type RedisPair, type ServiceConfig, type SignalGauge, type SqlClient } from '@eh/platform';
import { fireTimer } from '../application/fire-timer.handler';
import { TimerReconciler } from '../application/timer-reconciler';
import { DeploymentTimerQueue } from './timer-queue';
import { timerGauges } from './timer-signals';

/**
 * Every deployment clock as a BullMQ delayed job, in a process that runs
 * background work (the router): the queue's worker fires timers, the reconciler re-derives
 * them from `deployment_timers_view` at start and periodically. Redis is opened only when the
 * worker starts, so a process that merely mounts the module (the gateway) never connects.
 * Part of the routing runtime (routing.runtime.ts), which runs its worker and reads its gauges.
 */
export class DeploymentTimers {
  readonly workers: readonly BackgroundWorker[];
  /** Timers scheduled and due, read from deployment_timers_view when /metrics is scraped. */
  readonly gauges: readonly SignalGauge[];
  private running: { redis: RedisPair; queue: DeploymentTimerQueue; reconciler: TimerReconciler } | undefined;

  constructor(config: ServiceConfig, sql: SqlClient, store: EventStore) {
    const { durations } = config;
    this.gauges = timerGauges(sql);
    this.workers = [
      {
        name: 'deployment timers',
        start: async () => {
          const redis = openRedisPair(config.redisUrl, 'router');
          const queue = new DeploymentTimerQueue(redis, config.redisPrefix);
          const reconciler = new TimerReconciler(sql, queue, { reconcileSeconds: durations.timerReconcileSeconds });
          queue.startWorker((job) => fireTimer({ store, replyWindowSeconds: durations.replyWindowSeconds }, job, new Date()));
          this.running = { redis, queue, reconciler };
          // A first pass before the router consumes events (workers start before reactors).
          await reconciler.start();
        },
        stop: async () => {
          const running = this.running;
          this.running = undefined;
          await running?.reconciler.stop();
          await running?.queue.close();
          await running?.redis.close();
        },
      },
    ];
  }

  /** After an event of one deployment: its timers brought into BullMQ, stale ones removed (`finished`: see TimerReconciler). */
  async syncDeployment(deploymentId: string, options: { finished?: boolean; state?: DeploymentState } = {}): Promise<void> {
    if (!this.running) throw new Error('deployment timers are not running in this process');
    await this.running.reconciler.syncDeployment(deploymentId, options);
  }
}
