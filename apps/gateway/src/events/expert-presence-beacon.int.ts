import { waitUntil } from '@eh/platform/testing';
import { ConsolePresence } from '@eh/routing';
import { useTestRedis } from '../http/testing/test-redis';
import { PresenceBeacon } from './expert-presence-beacon';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Console presence in real Redis: marked while any replica holds a stream, gone within the grace after the last closes. */
describe('console presence against Redis', () => {
  const GRACE_MS = 900;
  const beacons: PresenceBeacon[] = [];
  // Declared first, so it runs before the connection closes (Jest runs afterAll hooks in order).
  afterAll(() => {
    for (const beacon of beacons) beacon.stop();
  });
  const test = useTestRedis('presence-test');
  const presence = () => new ConsolePresence(test.redis, { prefix: test.prefix, graceMs: GRACE_MS });
  const replica = () => {
    const beacon = new PresenceBeacon(presence(), GRACE_MS);
    beacons.push(beacon);
    return beacon;
  };
  /** Waits for the expert to stop counting as connected, for at most three graces. */
  const lapsed = (expertId: string) =>
    waitUntil(async () => ((await presence().reachable([expertId])).size === 0 ? true : undefined), {
      timeoutMs: GRACE_MS * 3,
      description: `${expertId} gone`,
    });

  it('an open stream marks the expert connected, with a TTL of the grace, in the prefix and one hash tag', async () => {
    const release = replica().hold('spec_a');
    await waitUntil(async () => ((await presence().reachable(['spec_a', 'spec_b'])).has('spec_a') ? true : undefined), { description: 'spec_a connected' });
    expect([...(await presence().reachable(['spec_a', 'spec_b']))]).toEqual(['spec_a']);
    const ttl = await test.redis.pttl(`${test.prefix}:{presence}:expert:spec_a`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(GRACE_MS);
    release();
  });

  it('stays connected past the grace while a stream is open (refreshed), and lapses within the grace after it closes', async () => {
    const beacon = replica();
    const release = beacon.hold('spec_c');
    await sleep(GRACE_MS * 2.5);
    expect((await presence().reachable(['spec_c'])).has('spec_c')).toBe(true);
    release();
    // A reload inside the grace: still connected right after the close.
    expect((await presence().reachable(['spec_c'])).has('spec_c')).toBe(true);
    const closedAt = Date.now();
    await lapsed('spec_c');
    expect(Date.now() - closedAt).toBeLessThanOrEqual(GRACE_MS + 300);
  });

  it('counts several streams and replicas: connected until the last of them closes', async () => {
    const one = replica();
    const two = replica();
    const first = one.hold('spec_d');
    const second = one.hold('spec_d');
    const elsewhere = two.hold('spec_d');
    first();
    first(); // a second release of the same stream changes nothing
    await sleep(GRACE_MS * 1.5);
    expect((await presence().reachable(['spec_d'])).has('spec_d')).toBe(true);
    second();
    expect(one.connectedExperts).toBe(0);
    await sleep(GRACE_MS * 1.5);
    // Replica two still holds a stream: still connected (a killed replica one would change nothing either).
    expect((await presence().reachable(['spec_d'])).has('spec_d')).toBe(true);
    elsewhere();
    await lapsed('spec_d');
  });

  it('a killed gateway (its beacon simply stops) stops counting within the grace', async () => {
    const doomed = replica();
    doomed.hold('spec_e');
    await waitUntil(async () => ((await presence().reachable(['spec_e'])).size === 1 ? true : undefined), { description: 'spec_e connected' });
    doomed.stop();
    const killedAt = Date.now();
    await lapsed('spec_e');
    expect(Date.now() - killedAt).toBeLessThanOrEqual(GRACE_MS + 300);
  });

  it('answers for many experts with one MGET', async () => {
    const ids = Array.from({ length: 200 }, (_, index) => `spec_many_${index}`);
    await presence().heartbeat(ids.filter((_, index) => index % 2 === 0));
    const before = Number((await test.redis.info('commandstats')).match(/cmdstat_mget:calls=(\d+)/)?.[1] ?? 0);
    const reachable = await presence().reachable(ids);
    const after = Number((await test.redis.info('commandstats')).match(/cmdstat_mget:calls=(\d+)/)?.[1] ?? 0);
    expect(reachable.size).toBe(100);
    // Other tests may share this Redis: at least ours, and far fewer than one per expert.
    expect(after - before).toBeGreaterThanOrEqual(1);
    expect(after - before).toBeLessThan(10);
  });
});
