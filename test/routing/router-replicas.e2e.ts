/**
 * Two router replicas: they share the durable
 * consumers and the timer queue, and race to offer the same waiting deployments when the roster
 * changes. Each deployment still has one open offer at a time, each offer number exists once,
 * and each deployment is accepted once.
 */
import { waitUntil } from '@eh/platform/testing';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Expert, type StoredEvent, type Workspace } from './support/routing-e2e';

const DEPLOYMENTS = 8;

/** Open offers along a stream never exceed one; offer numbers run 1, 2, … without repeats. */
function checkOffers(events: StoredEvent[]): void {
  let open = 0;
  const numbers: unknown[] = [];
  for (const event of events) {
    if (event.type === 'deployment.offered') {
      open += 1;
      numbers.push(event.data.offer_number);
    }
    if (['deployment.offer_declined', 'deployment.offer_expired', 'deployment.accepted', 'deployment.cancelled', 'deployment.expired'].includes(event.type))
      open = 0;
    expect(open).toBeLessThanOrEqual(1);
  }
  expect(numbers).toEqual(numbers.map((_, index) => index + 1));
}

describe('two router replicas', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;

  beforeAll(async () => {
    services = await startServices({ ...FAST_CLOCKS, OFFER_TIMEOUT_SECONDS: '5' });
    await services.start('router-2');
    // The race below needs both replicas consuming: wait for the second to be up, not only spawned.
    await waitUntil(async () => services.logs('router-2').includes('router started'), { timeoutMs: 60_000, description: 'router-2 started' });
    e2e = new RouterE2e(services);
    workspace = await services.ops<Workspace>('workspace:create', '--name', 'replicas');
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('offers each deployment to one expert at a time and matches it once', async () => {
    const first = await e2e.addExpert(['e2e-replica'], 10);
    const ids: string[] = [];
    for (let index = 0; index < DEPLOYMENTS; index++) {
      const created = await e2e.create(workspace.keys.live, { brief: `Replica work ${index}.`, skills: ['e2e-replica'] });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    // The only expert declines everything: every deployment waits, nobody left to offer.
    for (const id of ids) {
      await e2e.waitForOffer(id, 1);
      expect((await e2e.asExpert(first, 'POST', `/deployments/${id}/decline`)).status).toBe(200);
    }
    // Three experts arrive at once: both replicas react to the roster events and race to offer
    // the same waiting deployments.
    const arrivals: Expert[] = await Promise.all([20, 30, 40].map((turnaround) => e2e.addExpert(['e2e-replica'], turnaround)));
    for (const id of ids) await e2e.waitForOffer(id, 2);
    // Each new expert accepts whatever is offered to them, until every deployment is taken.
    await waitUntil(
      async () => {
        for (const expert of arrivals) {
          const offers = await e2e.asExpert<{ data: { id: string }[] }>(expert, 'GET', '/offers');
          for (const offer of offers.body.data) await e2e.asExpert(expert, 'POST', `/deployments/${offer.id}/accept`);
        }
        const statuses = await Promise.all(ids.map(async (id) => (await e2e.get(workspace.keys.live, id)).body.status));
        return statuses.every((status) => status === 'accepted');
      },
      { timeoutMs: 20_000, intervalMs: 100, description: 'every deployment accepted' },
    );
    for (const id of ids) {
      const events = await e2e.events(id);
      checkOffers(events);
      expect(events.filter((event) => event.type === 'deployment.accepted')).toHaveLength(1);
      expect(events.filter((event) => event.type === 'deployment.offered' && event.data.offer_number === 2)).toHaveLength(1);
    }
    // Both replicas were up and consuming throughout.
    expect(services.logs('router')).toContain('router started');
    expect(services.logs('router-2')).toContain('router started');
  });
});
