/**
 * The timer queue against the real Redis (a fresh prefix per test, removed
 * after): deterministic ids make scheduling idempotent, a job fires at its time, removal works,
 * and a fired job's id can be scheduled again (what the reconciler relies on after a flush).
 */
import { openRedisPair, type RedisPair } from '@eh/platform';
import { testNamespace, waitUntil } from '@eh/platform/testing';
import { deleteRedisPrefix } from '../../../../test/support/redis-prefix';
import type { TimerRow } from './routing-view.query';
import { DeploymentTimerQueue, type TimerJobData } from './timer-queue';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('DeploymentTimerQueue', () => {
  let prefix: string;
  let queue: DeploymentTimerQueue;
  let redis: RedisPair;
  const fired: TimerJobData[] = [];
  const row = (jobId: string, dueInMs: number): TimerRow => ({
    jobId,
    deploymentId: 'dep_01JD0000000000000000000000',
    workspaceId: 'ws_1',
    kind: 'sla',
    dueAt: new Date(Date.now() + dueInMs),
    offerNumber: null,
  });

  beforeEach(() => {
    prefix = `t${testNamespace()}`;
    redis = openRedisPair(REDIS_URL, 'timer-queue-test');
    queue = new DeploymentTimerQueue(redis, prefix);
    fired.length = 0;
  });

  afterEach(async () => {
    await queue.close();
    await redis.close();
    await deleteRedisPrefix(prefix, REDIS_URL);
  });

  it('schedules a timer once however often it is added, and fires it when due', async () => {
    const timer = row('sla-dep_a', 300);
    await queue.schedule([timer], new Date());
    await queue.schedule([timer, timer], new Date());
    expect(await queue.pendingJobIds()).toEqual(['sla-dep_a']);
    const started = Date.now();
    queue.startWorker(async (job) => {
      fired.push(job);
    });
    await waitUntil(() => fired.length === 1, { description: 'the timer to fire' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(fired[0]).toMatchObject({ kind: 'sla', deploymentId: 'dep_01JD0000000000000000000000', workspaceId: 'ws_1' });
    // Completed jobs are removed, so the same id can be scheduled again.
    await waitUntil(async () => (await queue.pendingJobIds()).length === 0);
    await queue.schedule([row('sla-dep_a', 0)], new Date());
    await waitUntil(() => fired.length === 2, { description: 'the rescheduled timer to fire' });
  });

  it('repair adds again a timer whose job hash outlived its list (Redis lost part of its keys); schedule alone takes it as there', async () => {
    const timer = row('sla-dep_c', 60_000);
    await queue.schedule([timer], new Date());
    await redis.producer.del(`${prefix}:deployment-timers:delayed`);
    await queue.schedule([timer], new Date());
    expect(await queue.pendingJobIds()).toEqual([]);
    await queue.repair([timer], new Date());
    expect(await queue.pendingJobIds()).toEqual(['sla-dep_c']);
    await queue.repair([timer], new Date());
    expect(await queue.pendingJobIds()).toEqual(['sla-dep_c']);
  });

  it('removes a timer that is no longer needed', async () => {
    await queue.schedule([row('reply-dep_b', 60_000), row('sla-dep_b', 60_000)], new Date());
    await queue.remove(['reply-dep_b', 'start-dep_b']);
    expect(await queue.pendingJobIds()).toEqual(['sla-dep_b']);
    // None of them there, then all of them: each settled by one EXISTS over every key.
    await queue.remove(['reply-dep_b', 'start-dep_b']);
    expect(await queue.pendingJobIds()).toEqual(['sla-dep_b']);
    await queue.remove(['sla-dep_b']);
    expect(await queue.pendingJobIds()).toEqual([]);
  });
});
