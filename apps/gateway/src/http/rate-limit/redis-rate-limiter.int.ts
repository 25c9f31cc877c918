import { closeRedis, connectRedis } from '@eh/platform';
import { testNamespace } from '@eh/platform/testing';
import { Redis } from 'ioredis';
import { RedisRateLimiter } from './redis-rate-limiter.adapter';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('RedisRateLimiter against Redis', () => {
  let redis: Redis;
  let prefix: string;
  let member = 0;
  const next = (): string => `req_${++member}`;

  beforeAll(async () => {
    redis = await connectRedis(REDIS_URL, 'rate-limit-test');
    prefix = testNamespace();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await closeRedis(redis);
  });

  it('allows the limit in a burst, refuses the next until the oldest leaves the window', async () => {
    const limiter = new RedisRateLimiter(redis, { prefix, limit: 3, windowMs: 1000 });
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
    const limiter = new RedisRateLimiter(redis, { prefix, limit: 1, windowMs: 60_000 });
    expect(await limiter.hit('key_b', next())).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.hit('key_b', next())).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    expect(await limiter.hit('key_c', next())).toMatchObject({ allowed: true });
    const ttl = await redis.pttl(limiter.keyFor('key_b'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('loads the script again after Redis forgot it', async () => {
    const limiter = new RedisRateLimiter(redis, { prefix, limit: 5, windowMs: 60_000 });
    await redis.script('FLUSH');
    expect(await limiter.hit('key_d', next())).toMatchObject({ allowed: true, remaining: 4 });
  });

  it('fails open, quickly, when Redis is unreachable', async () => {
    const down = await connectRedis('redis://127.0.0.1:1', 'rate-limit-test-down');
    try {
      const limiter = new RedisRateLimiter(down, { prefix, limit: 1, windowMs: 60_000 });
      const started = Date.now();
      expect(await limiter.hit('key_e', next())).toBeNull();
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await closeRedis(down);
    }
  });
});
