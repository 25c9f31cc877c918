/**
 * The reconciler's per-deployment sync against the real Redis (a prefix of its own, removed
 * after). A finished deployment has its timer jobs removed without reading the view.
 */
import { openRedisPair, type RedisPair, type SqlClient } from '@eh/platform';
import { testNamespace } from '@eh/platform/testing';
import { deleteRedisPrefix } from '../../../../test/support/redis-prefix';
import { DeploymentTimerQueue } from '../adapters/timer-queue';
import { TimerReconciler } from './timer-reconciler';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DEPLOYMENT = 'dep_01JD0000000000000000000001';

describe('TimerReconciler.syncDeployment', () => {
  let prefix: string;
  let redis: RedisPair;
  let queue: DeploymentTimerQueue;
  const queries: string[] = [];
  const noView = { query: async (text: string) => (queries.push(text), Promise.reject(new Error('the view was read'))) } as unknown as SqlClient;

  beforeEach(() => {
    prefix = `t${testNamespace()}`;
    redis = openRedisPair(REDIS_URL, 'timer-reconciler-test');
    queue = new DeploymentTimerQueue(redis, prefix);
    queries.length = 0;
  });

  afterEach(async () => {
    await queue.close();
    await redis.close();
    await deleteRedisPrefix(prefix, REDIS_URL);
  });

  it('removes a finished deployment’s timers without reading the view', async () => {
    const due = new Date(Date.now() + 60_000);
    await queue.schedule(
      [
        { jobId: `sla-${DEPLOYMENT}`, deploymentId: DEPLOYMENT, workspaceId: 'ws_1', kind: 'sla', dueAt: due, offerNumber: null },
        { jobId: `reply-${DEPLOYMENT}`, deploymentId: DEPLOYMENT, workspaceId: 'ws_1', kind: 'reply', dueAt: due, offerNumber: null },
      ],
      new Date(),
    );
    const reconciler = new TimerReconciler(noView, queue, { reconcileSeconds: 30 });
    await reconciler.syncDeployment(DEPLOYMENT, { finished: true });
    expect(queries).toEqual([]);
    expect(await queue.pendingJobIds()).toEqual([]);
  });

  it('reads the view for a deployment not known to be finished', async () => {
    const reconciler = new TimerReconciler(noView, queue, { reconcileSeconds: 30 });
    await expect(reconciler.syncDeployment(DEPLOYMENT)).rejects.toThrow('the view was read');
    expect(queries).toHaveLength(1);
  });
});
