import { DEFAULT_EVENTS_STREAM, isConsumerNotFound, retryTransientJetStream } from '@eh/platform';
import { AckPolicy, DeliverPolicy, nanos, type ConsumerMessages, type JetStreamClient, type JetStreamManager, type JsMsg } from 'nats';
import type { Pool } from 'pg';
import type { RecordedEvent } from '../event-store.port';
import type { BusDelivery, ReactorOutcome } from './reactor';
import { toError } from './abortable-delay';
import { eventsOfBusMessage } from './bus-bundles';
import { COPY_STAMP_HEADER } from './bus-copies';
import { handleWithSignals } from './event-signals';
import { handleConcurrently, type ReleaseStream } from './handle-concurrently';
import { isProcessed } from './processed-events';
import { processedMarksFor } from './processed-marks';
import { replyWindowFor, type ReplyWindow } from './reply-window';

export interface JetStreamEventConsumerOptions {
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** Holds `processed_events` (run `relayMigrations`). */
  pool: Pool;
  streamName?: string;
  /** Pull batch size; keep it small: a buffered message's ack timer is already running. */
  maxMessages?: number;
  ackWaitMs?: number;
  /** First redelivery delay after a failure; doubled on each further failure up to maxNakDelayMs. */
  nakDelayMs?: number;
  maxNakDelayMs?: number;
  /** The prefix the durable's subjects are under: each delivery names its subject without it (BusDelivery.subject). */
  subjectPrefix?: string;
  /** How long acks and naks are held to go out together (reply-window.ts); the first consumer of a connection sets it. */
  replyWindowMs?: number;
  onError?: (err: Error, event: RecordedEvent | undefined) => void;
}

export interface EventConsumerStart {
  /** Shared by every replica of one reactor: each message goes to one of them. */
  durableName: string;
  /** One subject (nats-server 2.9 has no filter_subjects), e.g. `events.deployment.>`. */
  filterSubject: string;
  handler: (event: RecordedEvent, delivery?: BusDelivery) => Promise<ReactorOutcome>;
  /**
   * Events the handler would ignore, acked at once without touching PostgreSQL: a consumer of
   * `<prefix>.>` (webhooks) sees every event, most of them not for it.
   */
  accepts?: (event: RecordedEvent) => boolean;
  /** Reactor.rerunnable: a redelivery is handled again, so nothing records what was handled. */
  rerunnable?: boolean;
  /** Only an existing durable is consumed (a retired one being drained): if it is gone, start() returns false and nothing runs. */
  existingOnly?: boolean;
  /**
   * Created now, the durable begins at the stream's next event, not its first: it takes over from
   * a retired durable that is drained of everything before (Reactor.replaces). An existing one keeps its place.
   */
  fromNextEvent?: boolean;
  /** Reactor.concurrency: events handled at once, each store stream's in the order they came (default 1). */
  concurrency?: number;
}

/**
 * A reactor's durable pull consumer: explicit ack after the handler
 * succeeds, a delayed nak when it fails, and once per event id per durable, because JetStream
 * delivers at least once. Still at least once for a handler that succeeds and then loses its
 * process before the event is recorded: handlers stay idempotent, or call markProcessed in
 * their own transaction.
 */
export class JetStreamEventConsumer {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  /** Acks waiting for their processed_events row (processed-marks.ts). */
  private readonly marking = new Set<Promise<void>>();
  /** Acks and naks held a moment, with those of every consumer on the connection (reply-window.ts). */
  private readonly replies: ReplyWindow;

  constructor(private readonly options: JetStreamEventConsumerOptions) {
    this.replies = replyWindowFor(options.js, options.replyWindowMs ?? 20);
  }

  async start({
    durableName,
    filterSubject,
    handler,
    accepts,
    rerunnable = false,
    existingOnly = false,
    fromNextEvent = false,
    concurrency = 1,
  }: EventConsumerStart): Promise<boolean> {
    if (this.loop) throw new Error(`consumer ${durableName} already started`);
    const stream = this.options.streamName ?? DEFAULT_EVENTS_STREAM;
    // A cluster electing the consumer's leader answers late at start: wait for it.
    const exists = await retryTransientJetStream(() => this.ensureDurable(stream, durableName, filterSubject, !existingOnly, fromNextEvent));
    if (!exists) return false;
    const consumer = await retryTransientJetStream(() => this.options.js.consumers.get(stream, durableName));
    // A pull batch at least as large as what is handled at once, or the handlers would wait for pulls.
    const maxMessages = Math.max(this.options.maxMessages ?? 10, concurrency);
    // Ask for more once a quarter of the batch is still owed, not three quarters
    // (nats.js's default): one pull request per ~8 messages instead of one per ~3.
    const messages = await consumer.consume({ max_messages: maxMessages, threshold_messages: Math.max(1, Math.floor(maxMessages / 4)) });
    this.messages = messages;
    const handle = (msg: JsMsg, events: readonly RecordedEvent[], release?: ReleaseStream): Promise<void> =>
      this.handle(msg, events, durableName, handler, accepts, rerunnable, release);
    this.loop = (async () => {
      if (concurrency <= 1) {
        for await (const msg of messages) {
          const events = this.decode(msg);
          if (events) await handle(msg, events);
        }
        return;
      }
      await handleConcurrently(messages, concurrency, (msg) => this.decode(msg), handle);
    })().catch((err: unknown) => this.report(err, undefined));
    return true;
  }

  /**
   * Stops pulling, then waits for the loop: it handles (and acks) the messages already
   * buffered before it sees the stop. close()'s own promise is not awaited: it settles only
   * through a running loop, and never if the loop has already ended (connection closed).
   */
  async stop(): Promise<void> {
    void this.messages?.close();
    await this.loop;
    await Promise.all([...this.marking]);
    this.replies.flush();
    this.messages = undefined;
    this.loop = undefined;
  }

  /** Whether the durable exists now; `create`s it if missing. */
  private async ensureDurable(stream: string, durableName: string, filterSubject: string, create: boolean, fromNextEvent: boolean): Promise<boolean> {
    try {
      const { config } = await this.options.jsm.consumers.info(stream, durableName);
      // A reactor whose subject narrowed (the ledger to live deployments) keeps its
      // durable and its place; only messages past that place are filtered by the new subject.
      if (config.filter_subject !== filterSubject) await this.options.jsm.consumers.update(stream, durableName, { filter_subject: filterSubject });
      return true;
    } catch (err) {
      if (!isConsumerNotFound(err)) throw err;
    }
    if (!create) return false;
    // Replicas starting together may both get here; the server accepts the same config twice.
    await this.options.jsm.consumers.add(stream, {
      durable_name: durableName,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: fromNextEvent ? DeliverPolicy.New : DeliverPolicy.All,
      filter_subject: filterSubject,
      ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
    });
    return true;
  }

  /** The message's events (one, or a bundle: bus-bundles.ts); a malformed message is reported and terminated (undefined). */
  private decode(msg: JsMsg): RecordedEvent[] | undefined {
    try {
      return eventsOfBusMessage(msg.string());
    } catch (err) {
      this.report(err, undefined);
      // Redelivering cannot fix a malformed payload.
      try {
        msg.term('not a RecordedEvent');
      } catch (termErr) {
        this.report(termErr, undefined);
      }
      return undefined;
    }
  }

  /**
   * The message's events in order, then one ack once every handled event's `processed_events`
   * row is committed. Never throws: a failure naks the message, after the marks of the events
   * handled before it are committed, so its redelivery passes over them.
   */
  private async handle(
    msg: JsMsg,
    events: readonly RecordedEvent[],
    consumer: string,
    handler: (event: RecordedEvent, delivery?: BusDelivery) => Promise<ReactorOutcome>,
    accepts: ((event: RecordedEvent) => boolean) | undefined,
    rerunnable: boolean,
    release: ReleaseStream | undefined,
  ): Promise<void> {
    const wanted = accepts ? events.filter(accepts) : events;
    const last = events[events.length - 1] as RecordedEvent;
    if (wanted.length === 0) {
      this.settle(() => msg.ack(), last);
      return;
    }
    // A first delivery to this durable cannot have been handled by it yet: only a redelivery
    // (a lost ack, a nak, a crash mid-handler) pays for the lookup.
    const firstDelivery = msg.info.redeliveryCount <= 1;
    const copyStamp = msg.headers?.get(COPY_STAMP_HEADER) || undefined;
    const subject = this.subjectUnderPrefix(msg.subject);
    const marks: Promise<void>[] = [];
    let current: RecordedEvent = wanted[0] as RecordedEvent;
    try {
      await this.withProgress(msg, async () => {
        for (const event of wanted) {
          current = event;
          if (!rerunnable && !firstDelivery && (await isProcessed(this.options.pool, consumer, event.id))) continue;
          const handled: { outcome: ReactorOutcome } = { outcome: undefined };
          // Only the message's last event may let the stream's next message start: the others come before it.
          const delivery: BusDelivery = { firstDelivery, subject, copyStamp, ...(release && event === wanted[wanted.length - 1] ? { release } : {}) };
          await handleWithSignals(consumer, event, msg.headers, async () => {
            handled.outcome = await handler(event, delivery);
          });
          if (handled.outcome === 'nothing_done' || rerunnable) continue;
          // Marked in a batch with the other consumers' events (processed-marks.ts), while this
          // loop goes on to the next event and message. Its failure is acted on below, once the
          // loop is done; caught here so it is never an unhandled rejection meanwhile.
          const mark = processedMarksFor(this.options.pool).mark(consumer, event.id);
          mark.catch(() => undefined);
          marks.push(mark);
        }
      });
    } catch (err) {
      const failed = current;
      this.trackMark(
        Promise.allSettled(marks).then(() => {
          this.settle(() => msg.nak(this.nakDelay(msg)), failed);
          this.report(err, failed);
        }),
      );
      return;
    }
    if (marks.length === 0) {
      this.settle(() => msg.ack(), last);
      return;
    }
    this.trackMark(
      Promise.all(marks).then(
        () => this.settle(() => msg.ack(), last),
        (err: unknown) => {
          this.settle(() => msg.nak(this.nakDelay(msg)), last);
          this.report(err, last);
        },
      ),
    );
  }

  private trackMark(settled: Promise<void>): void {
    this.marking.add(settled);
    void settled.finally(() => this.marking.delete(settled));
  }

  /** An ack or nak throws when the connection is gone; the server will redeliver anyway. */
  private settle(reply: () => void, event: RecordedEvent): void {
    this.replies.add(() => {
      try {
        reply();
      } catch (err) {
        this.report(err, event);
      }
    });
  }

  /** Tells the server the message is still being worked on, so a slow handler is not redelivered. */
  private async withProgress(msg: JsMsg, work: () => Promise<void>): Promise<void> {
    const every = Math.max(100, Math.floor((this.options.ackWaitMs ?? 30_000) / 3));
    const timer = setInterval(() => msg.working(), every);
    try {
      await work();
    } finally {
      clearInterval(timer);
    }
  }

  private subjectUnderPrefix(subject: string): string {
    const prefix = this.options.subjectPrefix;
    return prefix !== undefined && subject.startsWith(`${prefix}.`) ? subject.slice(prefix.length + 1) : subject;
  }

  private nakDelay(msg: JsMsg): number {
    const first = this.options.nakDelayMs ?? 1_000;
    const failures = Math.max(0, msg.info.redeliveryCount - 1);
    return Math.min(first * 2 ** Math.min(failures, 16), this.options.maxNakDelayMs ?? 60_000);
  }

  private report(err: unknown, event: RecordedEvent | undefined): void {
    const onError = this.options.onError ?? ((e: Error, ev?: RecordedEvent) => console.error(`event consumer (${ev?.id ?? '-'}):`, e));
    onError(toError(err), event);
  }
}
