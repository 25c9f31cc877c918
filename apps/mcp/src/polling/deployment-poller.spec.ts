import type { Deployment, DeploymentStatus } from '@expert-handoff/sdk';
import { DeploymentPoller, MIN_POLL_INTERVAL_MS, type PollerClock } from './deployment-poller';

/** A clock whose sleeps advance time at once, recording every GET's time. */
function harness(statuses: DeploymentStatus[]) {
  let now = 1_000_000;
  const gets: number[] = [];
  const sleeps: number[] = [];
  const clock: PollerClock = {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  const load = async (id: string): Promise<Deployment> => {
    gets.push(now);
    const status = statuses[Math.min(gets.length - 1, statuses.length - 1)];
    return deployment(id, status, new Date(now).toISOString());
  };
  return { poller: new DeploymentPoller(load, clock), gets, sleeps, advance: (ms: number) => (now += ms), now: () => now };
}

function deployment(id: string, status: DeploymentStatus, updatedAt: string): Deployment {
  return { id, status, updated_at: updatedAt } as Deployment;
}

describe('DeploymentPoller', () => {
  it('without a wait: one GET, and a second check within 5 s reuses it', async () => {
    const h = harness(['pending']);
    const first = await h.poller.check('dep_1', { waitSeconds: 0 });
    h.advance(4_000);
    const second = await h.poller.check('dep_1', { waitSeconds: 0 });
    expect(h.gets).toHaveLength(1);
    expect(second.fetchedAt).toBe(first.fetchedAt);
    h.advance(1_000);
    await h.poller.check('dep_1', { waitSeconds: 0 });
    expect(h.gets).toHaveLength(2);
  });

  it('waiting: GETs exactly every 5 s until the deployment ends, then returns at once', async () => {
    const h = harness(['pending', 'accepted', 'in_progress', 'completed']);
    const result = await h.poller.check('dep_1', { waitSeconds: 50 });
    expect(result.deployment.status).toBe('completed');
    expect(h.gets.slice(1).map((at, i) => at - h.gets[i])).toEqual([MIN_POLL_INTERVAL_MS, MIN_POLL_INTERVAL_MS, MIN_POLL_INTERVAL_MS]);
  });

  it('returns early on needs_input', async () => {
    const h = harness(['in_progress', 'needs_input', 'in_progress']);
    expect((await h.poller.check('dep_1', { waitSeconds: 50 })).deployment.status).toBe('needs_input');
    expect(h.gets).toHaveLength(2);
  });

  it('never waits past the deadline: returns the latest state when the next GET would land after it', async () => {
    const h = harness(['in_progress']);
    const started = h.now();
    await h.poller.check('dep_1', { waitSeconds: 12 });
    expect(h.gets.map((at) => at - started)).toEqual([0, 5_000, 10_000]);
    expect(h.now() - started).toBeLessThanOrEqual(12_000);
  });

  it('a write recorded just before counts as a fresh reading: the first GET comes 5 s after it', async () => {
    const h = harness(['completed']);
    const recordedAt = h.now();
    h.poller.record(deployment('dep_1', 'pending', new Date(recordedAt).toISOString()));
    const result = await h.poller.check('dep_1', { waitSeconds: 30 });
    expect(result.deployment.status).toBe('completed');
    expect(h.gets).toEqual([recordedAt + MIN_POLL_INTERVAL_MS]);
  });

  it('serves a terminal state without asking again', async () => {
    const h = harness(['completed']);
    await h.poller.check('dep_1', { waitSeconds: 0 });
    h.advance(60_000);
    await h.poller.check('dep_1', { waitSeconds: 10 });
    expect(h.gets).toHaveLength(1);
  });

  it('keeps the newer state when an older answer arrives after it', () => {
    const h = harness([]);
    h.poller.record(deployment('dep_1', 'in_progress', '2026-01-01T00:00:02.000Z'));
    const kept = h.poller.record(deployment('dep_1', 'needs_input', '2026-01-01T00:00:01.000Z'));
    expect(kept.deployment.status).toBe('in_progress');
  });

  it('concurrent checks of one deployment share one GET', async () => {
    const h = harness(['pending']);
    await Promise.all([h.poller.check('dep_1', { waitSeconds: 0 }), h.poller.check('dep_1', { waitSeconds: 0 })]);
    expect(h.gets).toHaveLength(1);
  });

  it('a cancelled wait stops sleeping', async () => {
    const controller = new AbortController();
    const poller = new DeploymentPoller(async (id) => deployment(id, 'in_progress', new Date().toISOString()));
    const waiting = poller.check('dep_1', { waitSeconds: 50, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by the host')), 20);
    await expect(waiting).rejects.toThrow('cancelled by the host');
  });
});
