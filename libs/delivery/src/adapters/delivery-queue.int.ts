import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { testNamespace } from '@eh/platform/testing';
import { deleteRedisPrefix } from '../../../../test/support/redis-prefix';
import { attemptJobId, DELIVERY_QUEUE, DeliveryQueue } from './delivery-queue';
import { infrastructureBackoff } from './delivery-worker';

/** The BullMQ adapter against the real Redis, under a prefix of its own. */
describe('DeliveryQueue', () => {
  const prefix = testNamespace();
  let redis: Redis;
  let queue: DeliveryQueue;
  const now = new Date();

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 3 });
    queue = new DeliveryQueue(redis, prefix, () => now);
  });

  afterAll(async () => {
    await queue.close();
    await redis.quit();
    await deleteRedisPrefix(prefix);
  });

  it('adds one job per (delivery, attempt), however often it is asked', async () => {
    await queue.enqueue('del_A', 1, now);
    await queue.enqueue('del_A', 1, now);
    await queue.enqueue('del_A', 2, new Date(now.getTime() + 60_000));
    expect(await queue.queue.getJobCounts('waiting', 'delayed')).toEqual({ waiting: 1, delayed: 1 });
    expect((await queue.queue.getJob(attemptJobId('del_A', 2)))?.opts.delay).toBe(60_000);
  });

  it('keeps every key under the configured prefix, so a test or a deployment can clear its own', async () => {
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => key.startsWith(`${prefix}:webhook-deliveries:`))).toBe(true);
  });

  it('ensure: leaves a live job alone, re-adds a lost one, revives a failed one', async () => {
    expect(await queue.ensure('del_A', 1, now)).toBe('present');
    await deleteRedisPrefix(prefix);
    expect(await queue.ensure('del_A', 1, now)).toBe('added');
    // A worker whose job fails for good (UnrecoverableError skips the job-level retries).
    const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    const worker = new Worker(
      DELIVERY_QUEUE,
      async () => {
        throw new UnrecoverableError('postgres down');
      },
      { connection, prefix, settings: { backoffStrategy: infrastructureBackoff } },
    );
    const failed = new Promise<void>((resolve) => worker.on('failed', () => resolve()));
    await failed;
    await worker.close();
    await connection.quit();
    expect(await queue.queue.getJobState(attemptJobId('del_A', 1))).toBe('failed');
    expect(await queue.ensure('del_A', 1, now)).toBe('revived');
    expect(await queue.queue.getJobState(attemptJobId('del_A', 1))).toBe('waiting');
  });

  it('ensure: re-adds a job whose hash outlived its list (Redis lost part of its keys), which BullMQ alone takes as a repeat', async () => {
    await queue.enqueue('del_B', 1, new Date(now.getTime() + 60_000));
    await redis.del(`${prefix}:${DELIVERY_QUEUE}:delayed`);
    expect(await queue.queue.getJobState(attemptJobId('del_B', 1))).toBe('unknown');
    await queue.enqueue('del_B', 1, now);
    expect(await queue.queue.getJobState(attemptJobId('del_B', 1))).toBe('unknown');
    expect(await queue.ensure('del_B', 1, now)).toBe('added');
    expect(await queue.queue.getJobState(attemptJobId('del_B', 1))).toBe('waiting');
  });

  it('backs off infrastructure failures 1 s, 2 s, 4 s … at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(infrastructureBackoff)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });
});
