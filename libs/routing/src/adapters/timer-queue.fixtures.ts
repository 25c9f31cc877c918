/** What the timer queue's specs against the real Redis share: a queue of their own per test. */
import { openRedisPair, type RedisPair } from '@eh/platform';
import { testNamespace } from '@eh/platform/testing';
import { deleteRedisPrefix } from '../../../../test/support/redis-prefix';
import { DeploymentTimerQueue } from './timer-queue';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TimerQueueEnv {
  prefix: string;
  redis: RedisPair;
  queue: DeploymentTimerQueue;
}

/**
 * A timer queue on a Redis prefix of its own for each test (opened before the suite's own
 * `beforeEach` hooks, declared after, run), closed and its keys removed after the test.
 */
export function timerQueuePerTest(connectionName: string): TimerQueueEnv {
  const env = {} as TimerQueueEnv;
  beforeEach(() => {
    env.prefix = `t${testNamespace()}`;
    env.redis = openRedisPair(REDIS_URL, connectionName);
    env.queue = new DeploymentTimerQueue(env.redis, env.prefix);
  });
  afterEach(async () => {
    await env.queue.close();
    await env.redis.close();
    await deleteRedisPrefix(env.prefix, REDIS_URL);
  });
  return env;
}
