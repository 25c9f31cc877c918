import type { SignalGauge } from '@eh/platform';
import type { RecordedEvent } from '../event-store.port';

/**
 * What a handler may answer: `'nothing_done'` when it wrote nothing anywhere (the event was not
 * for it), so the event is acked without a `processed_events` row; re-running it on a
 * redelivery costs nothing.
 */
export type ReactorOutcome = void | 'nothing_done';

/** How an event reached the handler. */
export interface BusDelivery {
  /** Sent to this durable for the first time, so not handled by it yet (a lost ack, a nak or a crash make a redelivery). */
  firstDelivery: boolean;
  /** The message's subject under the subject prefix (`deployment.dep_1.test`): which of a durable's riders it is for. */
  subject?: string;
  /** The stamp of the relay's copy that carried the event (CopySelector.stamp); undefined for any other message. */
  copyStamp?: string;
  /**
   * Lets the next event of the same store stream be handled before this one is done (a
   * reactor with `concurrency` handles one stream's events in order, each after the one before).
   * The fan-out calls it once its webhooks for the event are answered, before their append.
   */
  release?: () => void;
}

/**
 * A reactor as data: a JetStream durable consumer on one
 * subject, and what it does with each event. Declared by its context's module; the service's
 * reactor runner (libs/runtime) turns it into JetStreamEventConsumers. Handlers are idempotent
 * by event id: delivery is at least once.
 */
export interface Reactor {
  /** The durable's name, shared by every replica: each event goes to one of them. */
  durable: string;
  /** One subject under the configured SUBJECT_PREFIX (nats-server 2.9 takes one), e.g. `deployment.>`. */
  subjects: string;
  /** Events the handler would ignore, acked at once without touching PostgreSQL. */
  accepts?: (event: RecordedEvent) => boolean;
  /** `delivery`: unknown to a handler run outside a durable (a drain, a ride): assume the event may have been handled. */
  handle: (event: RecordedEvent, delivery?: BusDelivery) => Promise<ReactorOutcome>;
  /** Pullers on the durable in each process, like replicas (default 1). */
  pullers?: number;
  /**
   * Events each puller handles at once (default 1), those of one store stream one after the other
   * in the order they came (handleConcurrently): for a handler whose work is mostly waiting.
   */
  concurrency?: number;
  /** How long an unacknowledged event waits before it is redelivered (default 30 s). */
  ackWaitMs?: number;
  /**
   * The handler may run again for an event it already handled and change nothing the second time
   * (it decides on the store and appends with the revision it read): no `processed_events` row is
   * written or looked up for it. Leave unset for a handler with any other effect.
   */
  rerunnable?: boolean;
  /**
   * The durable of another reactor, on the same subject or a wider one, whose deliveries this one
   * shares when a process mounts both: each event is sent once, and this handler runs beside the
   * host's on those of its own subject (BusDelivery.subject), acked when both succeeded. Mounted without that reactor, this one runs its own `durable`; once
   * it rides, that durable is drained of what it still holds and deleted (libs/runtime).
   */
  ridesOn?: string;
  /**
   * Durables this reactor (with its siblings naming the same) took over from. While
   * one of them still exists, this reactor's durable is created at the stream's next event, and
   * each retired one is drained with this reactor's handler on its own subject, then deleted:
   * every event is handled on one or the other (some on both: the handler must be rerunnable).
   */
  replaces?: readonly RetiredDurable[];
}

/** A durable no reactor consumes any more, and the subject it was created on. */
export interface RetiredDurable {
  durable: string;
  subjects: string;
  /**
   * A subject under the prefix on which its successors' events begin, published by a newer
   * version of another service (the relay's copies, bus-copies.ts). The retired durable is then
   * drained, live, until a message on it is stored after the drain began and everything before
   * that message is handled: while that version is not running yet, nothing is left unconsumed.
   */
  untilFirstOn?: string;
}

/** Something a context keeps running in a service process: a queue worker, a periodic sweep. */
export interface BackgroundWorker {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** What a `@ContextRuntime()` provider declares. Workers start before reactors, and stop after them. */
export interface ContextRuntimeDeclaration {
  readonly workers?: readonly BackgroundWorker[];
  readonly reactors?: readonly Reactor[];
  /** Prometheus gauges of the context's state, computed on scrape (open reservations, timers due …). */
  readonly gauges?: readonly SignalGauge[];
}
