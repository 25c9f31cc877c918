import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AttemptScheduler } from '@eh/delivery';

export const DELIVERY_QUEUE = 'webhook-deliveries';

export interface AttemptJob {
  delivery_id: string;
  attempt: number;
}

/** BullMQ forbids `:` in custom ids (it separates repeat-job keys), hence `-`. */
export const attemptJobId = (deliveryId: string, attempt: number): string => `${deliveryId}-${attempt}`;

/**
 * BullMQ side of the AttemptScheduler port: one job per (delivery, attempt), its id derived
 * from both, so adding it twice (fan-out redelivered, reconciler, replay) adds it once. Redis
 * holds only these jobs, all rebuilt from PostgreSQL by the reconciler (DESIGN.md "Redis").
 */
export class DeliveryQueue implements AttemptScheduler {
  readonly queue: Queue<AttemptJob>;

  constructor(
    connection: Redis,
    /** config.redisPrefix: every key is `<prefix>:webhook-deliveries:…`. */
    prefix: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.queue = new Queue<AttemptJob>(DELIVERY_QUEUE, { connection, prefix });
  }

  async enqueue(deliveryId: string, attempt: number, dueAt: Date): Promise<void> {
    await this.queue.add('attempt', { delivery_id: deliveryId, attempt }, {
      jobId: attemptJobId(deliveryId, attempt),
      delay: Math.max(0, dueAt.getTime() - this.clock().getTime()),
      // Job-level retries cover infrastructure failures only (PostgreSQL down while recording);
      // HTTP outcomes are never thrown, they are recorded and follow the delivery schedule.
      attempts: 5,
      backoff: { type: 'infrastructure' },
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  /**
   * For the reconciler: makes sure the job of a pending attempt exists. A job that ended
   * without moving the delivery on (it failed all its job-level retries) is removed and
   * added again; one waiting, delayed or running is left alone.
   */
  async ensure(deliveryId: string, attempt: number, dueAt: Date): Promise<'added' | 'present' | 'revived'> {
    const jobId = attemptJobId(deliveryId, attempt);
    const state = await this.queue.getJobState(jobId);
    if (state === 'unknown') {
      await this.enqueue(deliveryId, attempt, dueAt);
      return 'added';
    }
    if (state !== 'completed' && state !== 'failed') return 'present';
    await (await this.queue.getJob(jobId))?.remove();
    await this.enqueue(deliveryId, attempt, dueAt);
    return 'revived';
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
