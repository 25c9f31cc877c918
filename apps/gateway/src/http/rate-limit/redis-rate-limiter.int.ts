import { closeRedis, connectRedis } from '@eh/platform';
import { RedisRateLimiter } from './redis-rate-limiter.adapter';
import { useTestRedis } from '../testing/test-redis';

describe('RedisRateLimiter against Redis', () => {
  const testRedis = useTestRedis('rate-limit-test');
  let member = 0;
  const next = (): string => `req_${++member}`;

  it('allows the limit in a burst, refuses the next until the oldest leaves the window', async () => {
    const limiter = new RedisRateLimiter(testRedis.redis, { prefix: testRedis.prefix, limit: 3, windowMs: 1000 });
    const at = async (ms: number) => limiter.hit('key_a', next(), 1_000_000 + ms);
    expect((await Promise.all([at(0), at(1), at(2)])).map((verdict) => verdict?.allowed)).toEqual([true, true, true]);
    expect(await at(3)).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1, resetEpochSeconds: 1001 });
    expect(await at(999)).toMatchObject({ allowed: false });
    // Rolling: at 1000 ms only the request made at 0 ms has left the window.
    expect(await at(1000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await at(1000)).toMatchObject({ allowed: false });
    expect(await at(1001)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await at(1001)).toMatchObject({ allowed: false, resetEpochSeconds: 1002 });
  });

  it('keeps a window per key, which expires with its last request', async () => {
    const limiter = new RedisRateLimiter(testRedis.redis, { prefix: testRedis.prefix, limit: 1, windowMs: 60_000 });
    expect(await limiter.hit('key_b', next())).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.hit('key_b', next())).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    expect(await limiter.hit('key_c', next())).toMatchObject({ allowed: true });
    const ttl = await testRedis.redis.pttl(limiter.keyFor('key_b'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('spends several permits at once, all or none: a cost the window cannot hold takes nothing', async () => {
    const limiter = new RedisRateLimiter(testRedis.redis, { prefix: testRedis.prefix, limit: 10, windowMs: 60_000 });
    expect(await limiter.spend('key_f', next(), 7, 1_000_000)).toMatchObject({ allowed: true, remaining: 3 });
    expect(await limiter.spend('key_f', next(), 4, 1_000_001)).toMatchObject({ allowed: false, remaining: 3 });
    expect(await limiter.spend('key_f', next(), 3, 1_000_002)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.hit('key_f', next(), 1_000_003)).toMatchObject({ allowed: false });
  });

  it('loads the script again after Redis forgot it', async () => {
    const limiter = new RedisRateLimiter(testRedis.redis, { prefix: testRedis.prefix, limit: 5, windowMs: 60_000 });
    await testRedis.redis.script('FLUSH');
    expect(await limiter.hit('key_d', next())).toMatchObject({ allowed: true, remaining: 4 });
  });

  it('fails open, quickly, when Redis is unreachable', async () => {
    const down = await connectRedis('redis://127.0.0.1:1', 'rate-limit-test-down');
    try {
      const limiter = new RedisRateLimiter(down, { prefix: testRedis.prefix, limit: 1, windowMs: 60_000 });
      const started = Date.now();
      expect(await limiter.hit('key_e', next())).toBeNull();
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await closeRedis(down);
    }
  });

  describe('with leases', () => {
    /** The connection, counting the script's trips. */
    const counting = () => {
      const trips = { count: 0 };
      const proxy = new Proxy(testRedis.redis, {
        get(target, property, receiver) {
          if (property === 'evalsha') trips.count++;
          return Reflect.get(target, property, receiver);
        },
      });
      return { proxy, trips };
    };

    it('serves a busy key from leases: a burst costs a few trips, not one per request', async () => {
      const { proxy, trips } = counting();
      const limiter = new RedisRateLimiter(proxy, { prefix: testRedis.prefix, limit: 10_000, windowMs: 60_000, leaseMs: 200 });
      try {
        const burst = () => Promise.all(Array.from({ length: 60 }, () => limiter.hit('key_f', next())));
        await burst();
        const tripsBefore = trips.count;
        const verdicts = [...(await burst()), ...(await burst()), ...(await burst())];
        expect(verdicts.every((verdict) => verdict?.allowed)).toBe(true);
        expect(new Set(verdicts.map((verdict) => verdict?.remaining)).size).toBe(180);
        expect(trips.count - tripsBefore).toBeLessThan(20);
      } finally {
        limiter.close();
      }
    });

    it('never lets a key past its limit across two gateways, and gives back what they did not use', async () => {
      const options = { prefix: testRedis.prefix, limit: 200, windowMs: 60_000, leaseMs: 100 };
      const gateways = [new RedisRateLimiter(testRedis.redis, options), new RedisRateLimiter(testRedis.redis, options)];
      try {
        const burst = () => Promise.all(Array.from({ length: 60 }, (_, index) => (gateways[index % 2] as RedisRateLimiter).hit('key_h', next())));
        const verdicts: Awaited<ReturnType<RedisRateLimiter['hit']>>[] = [];
        const allowed = () => verdicts.filter((verdict) => verdict?.allowed).length;
        for (let round = 0; round < 5; round++) verdicts.push(...(await burst()));
        // A gateway refused while the other held leased permits remembers the refusal for one
        // lease period; by then the other has given back what it did not use.
        for (let round = 0; round < 10 && allowed() < 200; round++) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          verdicts.push(...(await burst()));
        }
        expect(allowed()).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 350));
        expect(await testRedis.redis.zcard(gateways[0]!.keyFor('key_h'))).toBe(200);
      } finally {
        for (const gateway of gateways) gateway.close();
      }
    });

    it('gives back unused permits once a lease expires', async () => {
      // A lease of a second: the checks between its start and its end must not outlast it on a loaded host (100 ms did).
      const limiter = new RedisRateLimiter(testRedis.redis, { prefix: testRedis.prefix, limit: 1000, windowMs: 60_000, leaseMs: 1_000 });
      try {
        for (let index = 0; index < 30; index++) await limiter.hit('key_g', next());
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        expect(await limiter.hit('key_g', next())).toMatchObject({ allowed: true, remaining: 1000 - 31 });
        expect(await testRedis.redis.zcard(limiter.keyFor('key_g'))).toBeGreaterThan(31);
        // Given back by the first sweep (every leaseMs) after the lease ends: by 3 s from the start.
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        expect(await testRedis.redis.zcard(limiter.keyFor('key_g'))).toBe(31);
      } finally {
        limiter.close();
      }
    });
  });
});
