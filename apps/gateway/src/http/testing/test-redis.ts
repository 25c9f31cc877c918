import { closeRedis, connectRedis } from '@eh/platform';
import { testNamespace } from '@eh/platform/testing';
import type { Redis } from 'ioredis';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestRedis {
  redis: Redis;
  /** A namespace of this spec's own: every key it writes starts with it. */
  prefix: string;
}

/**
 * Redis for an integration spec: connected before its tests under a fresh namespace, and after
 * them the namespace's keys deleted and the connection closed. Read the fields inside tests (they
 * are set in `beforeAll`).
 */
export function useTestRedis(connectionName: string): TestRedis {
  const test = {} as TestRedis;
  beforeAll(async () => {
    test.redis = await connectRedis(REDIS_URL, connectionName);
    test.prefix = testNamespace();
  });
  afterAll(async () => {
    const keys = await test.redis.keys(`${test.prefix}:*`);
    if (keys.length > 0) await test.redis.del(...keys);
    await closeRedis(test.redis);
  });
  return test;
}
