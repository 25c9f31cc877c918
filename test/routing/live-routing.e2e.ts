/**
 * Routing and clocks for live keys: one offer at a time, the next expert after a
 * decline or an offer timeout, waiting when nobody is left, SLA expiry with the real timers
 * scaled down, scheduled starts, and timers that survive a Redis flush.
 */
import { Redis } from 'ioredis';
import { waitUntil } from '@eh/platform/testing';
import { deleteRedisPrefix } from '../support/redis-prefix';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Expert, type Workspace, startRouterSuite } from './support/routing-e2e';

describe('live routing and its clocks', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let redis: Redis;

  const decline = (expert: Expert, id: string) => e2e.asExpert(expert, 'POST', `/deployments/${id}/decline`, { reason: 'booked' });

  beforeAll(async () => {
    ({ services, e2e, workspace } = await startRouterSuite(startServices(FAST_CLOCKS), 'live-routing'));
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    redis?.disconnect();
    await services?.stop();
  });

  it('offers one expert at a time: decline → next, timeout → next, nobody left → waits, then the SLA expires it', async () => {
    // Ranked by coverage, then speed: fast (10 min), mid (60), slow (240). Busy experts are never offered.
    const fast = await e2e.addExpert(['e2e-route'], 10);
    const mid = await e2e.addExpert(['e2e-route'], 60);
    const slow = await e2e.addExpert(['e2e-route'], 240);
    await e2e.addExpert(['e2e-route'], 5, { availability: 'busy' });
    const created = await e2e.create(workspace.keys.live, { brief: 'Name the product.', skills: ['e2e-route'], urgency: 'priority' });
    // Status and body together, so a refusal says what it was.
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
    const id = created.body.id;
    expect(Date.parse(created.body.sla_deadline) - Date.parse(created.body.created_at)).toBe(6000);

    expect((await e2e.waitForOffer(id, 1)).expertId).toBe(fast.id);
    expect((await decline(fast, id)).status).toBe(200);
    expect((await e2e.waitForOffer(id, 2)).expertId).toBe(mid.id);
    // A declined expert cannot take it back: the open offer is mid's.
    const taken = await e2e.asExpert<{ error: { code: string } }>(fast, 'POST', `/deployments/${id}/accept`);
    expect([taken.status, taken.body.error.code]).toEqual([403, 'expert_not_assigned']);
    // mid lets the offer time out (OFFER_TIMEOUT_SECONDS=2).
    const third = await e2e.waitForOffer(id, 3, 5000);
    expect(third.expertId).toBe(slow.id);
    expect(third.data.match).toMatchObject({ passed_over: [fast.id, mid.id], rank: 1, candidates: 1 });
    expect((await decline(slow, id)).status).toBe(200);

    const expired = await e2e.waitForStatus(workspace.keys.live, id, 'expired', 10_000);
    expect(expired.expiry).toMatchObject({ reason: 'not_accepted' });
    expect(await e2e.types(id)).toEqual(['created', 'offered', 'offer_declined', 'offered', 'offer_expired', 'offered', 'offer_declined', 'expired']);
  });

  it('a waiting deployment is offered as soon as a matching expert comes online', async () => {
    const first = await e2e.addExpert(['e2e-wait'], 30);
    const created = await e2e.create(workspace.keys.live, { brief: 'Research the market.', skills: ['e2e-wait'] });
    await e2e.waitForOffer(created.body.id, 1);
    await decline(first, created.body.id);
    const later = await e2e.addExpert(['e2e-wait', 'research'], 45, { availability: 'offline' });
    expect(await e2e.types(created.body.id)).toEqual(['created', 'offered', 'offer_declined']);
    await e2e.asExpert(later, 'POST', '/availability', { availability: 'online' });
    expect((await e2e.waitForOffer(created.body.id, 2)).expertId).toBe(later.id);
  });

  it('scheduled: routing starts at scheduled_for, and the SLA is scheduled_for + the standard window', async () => {
    const expert = await e2e.addExpert(['e2e-sched'], 30);
    const scheduledFor = new Date(Date.now() + 3000).toISOString();
    const created = await e2e.create(workspace.keys.live, { brief: 'Launch post.', skills: ['e2e-sched'], urgency: 'scheduled', scheduled_for: scheduledFor });
    expect(created.status).toBe(201);
    expect(Date.parse(created.body.sla_deadline) - Date.parse(scheduledFor)).toBe(40_000);
    const offer = await e2e.waitForOffer(created.body.id, 1, 8000);
    // Nothing happened before scheduled_for: every event but the creation is recorded as happening at or after it.
    expect(await e2e.typesBefore(created.body.id, new Date(scheduledFor))).toEqual(['created']);
    expect(offer.expertId).toBe(expert.id);
    expect(Date.parse(String(offer.data.offered_at))).toBeGreaterThanOrEqual(Date.parse(scheduledFor));
    expect(await e2e.types(created.body.id)).toEqual(['created', 'routing_started', 'offered']);
  });

  it('loses no timer when Redis is flushed mid-wait: the SLA expiry still happens', async () => {
    const only = await e2e.addExpert(['e2e-flush'], 30);
    const created = await e2e.create(workspace.keys.live, { brief: 'Check the flush.', skills: ['e2e-flush'], urgency: 'priority' });
    const id = created.body.id;
    await e2e.waitForOffer(id, 1);
    await decline(only, id);
    // The SLA job enters Redis within two reconcile periods of its due time; wait for it, then flush.
    const jobKey = `${services.env.REDIS_PREFIX}:deployment-timers:sla-${id}`;
    await waitUntil(async () => (await redis.exists(jobKey)) === 1, { timeoutMs: 10_000, description: 'the SLA job in Redis' });
    // Only this test's prefix: other suites share the Redis server (never FLUSHALL).
    expect(await deleteRedisPrefix(services.env.REDIS_PREFIX)).toBeGreaterThan(0);
    expect(await redis.exists(jobKey)).toBe(0);
    expect((await e2e.get(workspace.keys.live, id)).body.status).toBe('pending');
    const expired = await e2e.waitForStatus(workspace.keys.live, id, 'expired', 10_000);
    expect(expired.expiry).toMatchObject({ reason: 'not_accepted' });
  });
});
