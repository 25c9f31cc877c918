import { currentTraceparent, DelayedJobQueue, type DelayedJob } from '@eh/platform';
import type { Redis } from 'ioredis';
import type { AttemptQueue } from '../application/attempt-scheduler.port';

export const DELIVERY_QUEUE = 'webhook-deliveries';

export interface AttemptJob {
  delivery_id: string;
  attempt: number;
  /** The trace of the event that caused the delivery, when one was active at enqueue. */
  traceparent?: string;
}

/** BullMQ forbids `:` in custom ids (it separates repeat-job keys), hence `-`. */
export const attemptJobId = (deliveryId: string, attempt: number): string => `${deliveryId}-${attempt}`;

/**
 * The AttemptScheduler port on the platform's BullMQ adapter: one job per (delivery, attempt),
 * its id derived from both, so adding it twice (fan-out redelivered, reconciler, replay) adds
 * it once. Redis holds only these jobs, all rebuilt from PostgreSQL by the reconciler
 *.
 */
export class DeliveryQueue implements AttemptQueue {
  private readonly jobs: DelayedJobQueue<AttemptJob>;

  constructor(
    /** A `producer` connection (openRedisPair). */
    connection: Redis,
    /** config.redisPrefix: every key is `<prefix>:webhook-deliveries:…`. */
    prefix: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.jobs = new DelayedJobQueue<AttemptJob>({
      name: DELIVERY_QUEUE,
      prefix,
      connection,
      jobOptions: {
        // Job-level retries cover infrastructure failures only (PostgreSQL down while recording);
        // HTTP outcomes are never thrown, they are recorded and follow the delivery schedule.
        attempts: 5,
        backoff: { type: 'infrastructure' },
        removeOnComplete: { age: 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    });
  }

  /** The BullMQ queue itself (tests and diagnostics). */
  get queue(): DelayedJobQueue<AttemptJob>['queue'] {
    return this.jobs.queue;
  }

  /**
   * Every caller enqueues an attempt whose number it has just appended (scheduled, recorded, a
   * replay requested), so the job is new: no EXISTS first. A repeat is a no-op all the same.
   */
  async enqueue(deliveryId: string, attempt: number, dueAt: Date): Promise<void> {
    await this.jobs.addNew([job(deliveryId, attempt, dueAt)], this.clock());
  }

  /**
   * For the reconciler: makes sure the job of a pending attempt exists. A job that ended
   * without moving the delivery on (it failed all its job-level retries) is removed and
   * added again; one waiting, delayed or running is left alone.
   */
  ensure(deliveryId: string, attempt: number, dueAt: Date): Promise<'added' | 'present' | 'revived'> {
    return this.jobs.ensure(job(deliveryId, attempt, dueAt), this.clock());
  }

  /** A retry brought forward: its delayed job runs now (idempotent; a lost job is added due now). */
  bringForward(deliveryId: string, attempt: number): Promise<string> {
    const now = this.clock();
    return this.jobs.bringForward(job(deliveryId, attempt, now), now);
  }

  close(): Promise<void> {
    return this.jobs.close();
  }
}

const job = (deliveryId: string, attempt: number, dueAt: Date): DelayedJob<AttemptJob> => ({
  id: attemptJobId(deliveryId, attempt),
  name: 'attempt',
  data: withTrace({ delivery_id: deliveryId, attempt }),
  dueAt,
});

function withTrace(data: AttemptJob): AttemptJob {
  const traceparent = currentTraceparent();
  return traceparent === undefined ? data : { ...data, traceparent };
}
