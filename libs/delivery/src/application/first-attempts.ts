import type { FoldedStream } from '@eh/event-store';
import type { DeliveryState } from '../domain/delivery.state';

export interface FirstAttemptsDeps {
  /** One attempt (attemptDelivery), from the state the fan-out has just appended. */
  attempt(deliveryId: string, scheduled: FoldedStream<DeliveryState>): Promise<unknown>;
  /** The queue's job for attempt 1: what happens when this process cannot make it now. */
  enqueue(deliveryId: string): Promise<void>;
  /** At most this many attempts in flight here (WEBHOOK_CONCURRENCY); past it, the queue takes them. */
  limit: number;
  log(line: string, error?: unknown): void;
}

/**
 * Issue 14: a delivery's first attempt, made by the process that scheduled it, at once, from the
 * state it appended: no queue round trips, no read back. Nothing is lost by it: the delivery is in
 * PostgreSQL before the attempt starts, so one this process never finishes (a crash, a stop) is
 * pending without a job, and the reconciler adds it (DeliveryReconciler); one that fails for the
 * infrastructure (PostgreSQL down while recording) goes to the queue, which retries it. A slow
 * receiver does not hold up the fan-out: it is not awaited, and past `limit` attempts in flight
 * the queue takes the rest, as before.
 */
export class FirstAttempts {
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(private readonly deps: FirstAttemptsDeps) {}

  /** Whether this process is attempting the delivery now (the reconciler leaves it alone). */
  isAttempting(deliveryId: string): boolean {
    return this.running.has(deliveryId);
  }

  /** Starts the attempt here, or enqueues it when too many are in flight or the service stops. */
  async begin(deliveryId: string, scheduled: FoldedStream<DeliveryState>): Promise<void> {
    if (this.stopped || this.running.size >= this.deps.limit || this.running.has(deliveryId)) {
      await this.enqueue(deliveryId);
      return;
    }
    const run = this.deps
      .attempt(deliveryId, scheduled)
      .then(
        () => undefined,
        async (error: unknown) => {
          this.deps.log(`first attempt of ${deliveryId} failed; queued for retry`, error);
          await this.enqueue(deliveryId);
        },
      )
      .finally(() => this.running.delete(deliveryId));
    this.running.set(deliveryId, run);
  }

  /** No new attempt starts here; those in flight finish (each is bounded by the send timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running.values());
  }

  private async enqueue(deliveryId: string): Promise<void> {
    // Lost, it costs one reconciler interval: the delivery is pending in PostgreSQL.
    await this.deps.enqueue(deliveryId).catch((error: unknown) => this.deps.log(`could not enqueue ${deliveryId} attempt 1; the reconciler will`, error));
  }
}
