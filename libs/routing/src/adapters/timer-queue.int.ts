/**
 * The timer queue against the real Redis (a fresh prefix per test, removed
 * after): deterministic ids make scheduling idempotent, a job fires at its time, removal works,
 * and a fired job's id can be scheduled again (what the reconciler relies on after a flush).
 */
import { waitUntil } from '@eh/platform/testing';
import type { TimerRow } from './routing-view.query';
import type { TimerJobData } from './timer-queue';
import { timerQueuePerTest } from './timer-queue.fixtures';

describe('DeploymentTimerQueue', () => {
  const env = timerQueuePerTest('timer-queue-test');
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
    fired.length = 0;
  });

  it('schedules a timer once however often it is added, and fires it when due', async () => {
    const timer = row('sla-dep_a', 300);
    await env.queue.schedule([timer], new Date());
    await env.queue.schedule([timer, timer], new Date());
    expect(await env.queue.pendingJobIds()).toEqual(['sla-dep_a']);
    const started = Date.now();
    env.queue.startWorker(async (job) => {
      fired.push(job);
    });
    await waitUntil(() => fired.length === 1, { description: 'the timer to fire' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(fired[0]).toMatchObject({ kind: 'sla', deploymentId: 'dep_01JD0000000000000000000000', workspaceId: 'ws_1' });
    // Completed jobs are removed, so the same id can be scheduled again.
    await waitUntil(async () => (await env.queue.pendingJobIds()).length === 0);
    await env.queue.schedule([row('sla-dep_a', 0)], new Date());
    await waitUntil(() => fired.length === 2, { description: 'the rescheduled timer to fire' });
  });

  it('repair adds again a timer whose job hash outlived its list (Redis lost part of its keys); schedule alone takes it as there', async () => {
    const timer = row('sla-dep_c', 60_000);
    await env.queue.schedule([timer], new Date());
    await env.redis.producer.del(`${env.prefix}:deployment-timers:delayed`);
    await env.queue.schedule([timer], new Date());
    expect(await env.queue.pendingJobIds()).toEqual([]);
    await env.queue.repair([timer], new Date());
    expect(await env.queue.pendingJobIds()).toEqual(['sla-dep_c']);
    await env.queue.repair([timer], new Date());
    expect(await env.queue.pendingJobIds()).toEqual(['sla-dep_c']);
  });

  it('removes a timer that is no longer needed', async () => {
    await env.queue.schedule([row('reply-dep_b', 60_000), row('sla-dep_b', 60_000)], new Date());
    await env.queue.remove(['reply-dep_b', 'start-dep_b']);
    expect(await env.queue.pendingJobIds()).toEqual(['sla-dep_b']);
    // None of them there, then all of them: each settled by one EXISTS over every key.
    await env.queue.remove(['reply-dep_b', 'start-dep_b']);
    expect(await env.queue.pendingJobIds()).toEqual(['sla-dep_b']);
    await env.queue.remove(['sla-dep_b']);
    expect(await env.queue.pendingJobIds()).toEqual([]);
  });
});
