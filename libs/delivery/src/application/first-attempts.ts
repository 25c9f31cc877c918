import type { CommandContext, FoldedStream } from '@eh/event-store';
import type { ScheduleDelivery } from '../domain/delivery.commands';
import { isPending, type DeliveryState } from '../domain/delivery.state';
import type { AttemptReport, AttemptStart, SentAttempt } from './attempt-delivery.handler';
import type { ScheduledDeliveryRef } from './schedule-deliveries.handler';

export interface FirstAttemptsDeps {
  /** The attempt entry (attemptDelivery, with its signals). */
  attempt(start: AttemptStart): Promise<AttemptReport>;
  /**
   * How long attempt 1 of a new delivery may wait for its POST's answer to be recorded with its
   * schedule (WEBHOOK_FIRST_ATTEMPT_WAIT_MS); 0 records the schedule first.
   */
  waitMs: number;
  /** The queue's job for attempt 1: what happens when this process cannot make it now. */
  enqueue(deliveryId: string): Promise<void>;
  /** At most this many POSTs in flight here (WEBHOOK_CONCURRENCY); past it, the queue takes them. */
  limit: number;
  log(line: string, error?: unknown): void;
}

/**
 * A delivery's first attempt, made by the process that scheduled it, at once, from the
 * state it appended: no queue round trips, no read back. Nothing is lost by it: the delivery is in
 * PostgreSQL before the attempt starts, so one this process never finishes (a crash, a stop) is
 * pending without a job, and the reconciler adds it (DeliveryReconciler); one that fails for the
 * infrastructure (PostgreSQL down while recording) goes to the queue, which retries it. A slow
 * receiver does not hold up the fan-out: it is not awaited, and past `limit` attempts in flight
 * the queue takes the rest, as before.
 */
export class FirstAttempts {
  /** Every attempt begun here, until it is recorded (or handed to the queue). */
  private readonly running = new Map<string, Promise<void>>();
  /**
   * Attempts whose POST has no answer yet: what `limit` bounds. One answered and waiting for its
   * append holds no connection, and counted, it would send the deliveries behind it to the queue.
   */
  private posting = 0;
  private stopped = false;

  constructor(private readonly deps: FirstAttemptsDeps) {}

  /** Whether this process is attempting the delivery now (the reconciler leaves it alone). */
  isAttempting(deliveryId: string): boolean {
    return this.running.has(deliveryId);
  }

  /** Starts the attempt here, or enqueues it when too many are in flight or the service stops. */
  async begin(deliveryId: string, scheduled: FoldedStream<DeliveryState>): Promise<void> {
    if (this.stopped || this.posting >= this.deps.limit || this.running.has(deliveryId)) {
      await this.enqueue(deliveryId);
      return;
    }
    // Counted until recorded: this path's POST and append are one call (attemptDelivery).
    this.posting += 1;
    const run = this.deps
      .attempt({ deliveryId, attempt: 1, folded: scheduled })
      .then(
        () => undefined,
        async (error: unknown) => {
          this.deps.log(`first attempt of ${deliveryId} failed; queued for retry`, error);
          await this.enqueue(deliveryId);
        },
      )
      .finally(() => {
        this.posting -= 1;
        this.running.delete(deliveryId);
      });
    this.running.set(deliveryId, run);
  }

  /**
   * A new delivery's first attempt made before it is recorded, when a slot is free and
   * the event comes for the first time (a redelivery may find it recorded: `scheduleAlone` first).
   * Sent in time, the attempt is recorded with the schedule; otherwise `scheduleAlone` records the
   * schedule and the attempt is recorded after it, once sent, as `begin` does. Either way the
   * delivery is in PostgreSQL when this resolves, so the event that asked for it can be acked.
   * `answered` is called once the POST has its answer (or the attempt fails), before it is
   * recorded; not at all when no POST is made here.
   */
  async attemptThenSchedule(
    schedule: ScheduleDelivery,
    context: CommandContext,
    scheduleAlone: () => Promise<ScheduledDeliveryRef>,
    answered: () => void,
  ): Promise<ScheduledDeliveryRef> {
    const deliveryId = schedule.data.delivery_id;
    if (this.deps.waitMs <= 0 || this.stopped || this.posting >= this.deps.limit || this.running.has(deliveryId)) return scheduleAlone();
    let release!: () => void;
    this.running.set(deliveryId, new Promise<void>((resolve) => (release = resolve)));
    this.posting += 1;
    let posted = false;
    const postAnswered = (): void => {
      if (posted) return;
      posted = true;
      this.posting -= 1;
      answered();
    };
    const done = (): void => {
      postAnswered();
      this.running.delete(deliveryId);
      release();
    };
    let sending: Promise<SentAttempt> | undefined;
    try {
      const early = await this.deps.attempt({ schedule, context, waitMs: this.deps.waitMs, answered: postAnswered });
      if (early.recorded) {
        done();
        return { delivery_id: deliveryId, created: early.created, folded: early.folded, attempted: true };
      }
      sending = early.sent;
      const scheduled = await scheduleAlone();
      const recorded = scheduled.folded;
      if (!scheduled.created || !isPending(recorded.state)) {
        // Recorded by an earlier handling of the event: this POST was its repeat.
        early.sent.catch(() => undefined);
        done();
        return scheduled;
      }
      void early.sent
        .then((sent) => this.deps.attempt({ deliveryId, attempt: 1, folded: recorded, sent }))
        .catch(async (error: unknown) => {
          this.deps.log(`first attempt of ${deliveryId} failed; queued for retry`, error);
          await this.enqueue(deliveryId);
        })
        .finally(done);
      return { ...scheduled, attempted: true };
    } catch (error) {
      // Nothing recorded: the event is redelivered, and the attempt made again. This one's end is of no use.
      sending?.catch(() => undefined);
      done();
      throw error;
    }
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
