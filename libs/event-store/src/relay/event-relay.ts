import { SpanKind } from '@opentelemetry/api';
import { contextFromTraceparent, DEFAULT_EVENTS_SUBJECT_PREFIX, injectTraceHeaders, inSpan, relayPublished, traceHeaders, tracingEnabled } from '@eh/platform';
import { headers as natsHeaders } from 'nats';
import type { JetStreamClient, MsgHdrs, PubAck } from 'nats';
import type { Pool } from 'pg';
import type { EventStore, RecordedEvent } from '../event-store.port';
import { abortableDelay, toError } from './abortable-delay';
import { decodeCheckpoint } from '../postgres/postgres-checkpoint';
import { bundleForBus, DEFAULT_BUNDLE_LIMITS, endAtCommit, type BundleLimits, type BusBundle } from './bus-bundles';
import { COPY_STAMP_HEADER, copyOfBundle, type BusCopy, type CopyAnswer, type CopySelector } from './bus-copies';
import { eventSubject } from './event-subject';
import { heldDueInMs, holdOrPublish, NOTHING_HELD, StreamsSeen, type HeldEvents, type RelayDeferral } from './relay-deferral';
import { RelayLeaderLock } from './relay-leader-lock';
import { StreamQualifiers, type SubjectQualifier } from './stream-qualifiers';

/** The transaction that stored an event: the relay reads a PostgreSQL store, as its lock and checkpoint table do. */
const commitOf = (event: RecordedEvent): string => decodeCheckpoint(event.checkpoint).transactionId;

/** Longest wait before reading again while an older transaction holds events back (heldBack). */
const HELD_BACK_MAX_WAIT_MS = 100;

export interface EventRelayOptions {
  store: EventStore;
  /** Holds `relay_checkpoints` (run `relayMigrations`) and the leader lock. */
  pool: Pool;
  /** A JetStreamClient; only `publish` is used. */
  js: Pick<JetStreamClient, 'publish'>;
  /** Checkpoint and lock name: one active relay per name. */
  name?: string;
  subjectPrefix?: string;
  /** Streams whose events go out on a qualified subject (stream-qualifiers.ts), declared by their contexts. */
  qualifiers?: readonly SubjectQualifier[];
  batchSize?: number;
  /** Upper bound of an idle wait; appends wake the relay sooner (waitForAppend). */
  idleWaitMs?: number;
  /** How often a standby asks for the lock. */
  standbyRetryMs?: number;
  errorBackoffMs?: number;
  /** Longest time a published batch's checkpoint waits to be saved (a crash republishes that much, deduplicated). */
  checkpointEveryMs?: number;
  /** Pause after a wake-up so appends committing together are read in one batch. */
  lingerMs?: number;
  /** How many consecutive events of one stream may share a message (bus-bundles.ts). */
  bundleLimits?: BundleLimits;
  /** Events that may wait a while to go out with others (relay-deferral.ts); none when unset. */
  deferral?: RelayDeferral;
  /** Events that also go out on a subject of their own (bus-copies.ts), declared by the contexts that read them. */
  copies?: readonly BusCopy[];
  onError?: (err: Error) => void;
}

/**
 * Tails the store in commit order and publishes every event to JetStream,
 * but those its context declares nobody reads (SubjectQualifier.unpublished), and a second time
 * those a context's copy selects for its consumer (BusCopy).
 * At least once: the checkpoint is saved after the acks, so a relay killed mid-batch publishes
 * part of that batch again; `Nats-Msg-Id` = the message's event id (or first id and count for a
 * bundle, bus-bundles.ts) makes the server drop those repeats within the stream's duplicate window.
 */
export class EventRelay {
  readonly name: string;
  private readonly prefix: string;
  private controller: AbortController | undefined;
  private running: Promise<void> | undefined;
  private leading = false;
  private readonly published = relayPublished();
  /** The stream's last sequence as this leader's own fresh acks tell it; undefined when unsure. */
  private lastSequence: number | undefined;
  private readonly qualifiers: StreamQualifiers;
  private readonly streamsSeen = new StreamsSeen();
  /** The copies' selectors of this leadership, in `copies` order; started before its first publish. */
  private selectors: CopySelector[] | undefined;

  constructor(private readonly options: EventRelayOptions) {
    this.name = options.name ?? 'events';
    this.prefix = options.subjectPrefix ?? DEFAULT_EVENTS_SUBJECT_PREFIX;
    this.qualifiers = new StreamQualifiers(options.qualifiers ?? [], (streamName) => options.store.read(streamName));
  }

  /** True while this instance holds the lock and publishes. */
  get active(): boolean {
    return this.leading;
  }

  start(): void {
    if (this.running) return;
    const controller = new AbortController();
    this.controller = controller;
    this.running = this.run(controller.signal);
  }

  /** Finishes the batch in flight (publish, save checkpoint), then releases the lock. */
  async stop(): Promise<void> {
    this.controller?.abort();
    await this.running;
    this.running = undefined;
    this.controller = undefined;
  }

  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let lock: RelayLeaderLock | undefined;
      try {
        lock = await RelayLeaderLock.tryAcquire(this.options.pool, this.name);
      } catch (err) {
        this.report(err);
      }
      if (!lock) {
        await abortableDelay(this.options.standbyRetryMs ?? 2_000, signal);
        continue;
      }
      this.leading = true;
      try {
        await this.lead(lock, signal);
      } catch (err) {
        this.report(err);
        await abortableDelay(this.options.errorBackoffMs ?? 1_000, signal);
      } finally {
        this.leading = false;
        await lock.release();
      }
    }
  }

  /**
   * The checkpoint is saved at most every `checkpointEveryMs` (and when idle, and on
   * stop), not after every batch: a crash republishes at most that much, which the stream's
   * duplicate window drops by `Nats-Msg-Id`. After a wake-up the relay lingers `lingerMs`, so
   * appends committing together go out in one read. Events that may wait (`deferral`) are held,
   * read past but not published, until something that may not wait is read behind them or the
   * oldest has waited its time; the checkpoint stays before them meanwhile.
   */
  private async lead(lock: RelayLeaderLock, signal: AbortSignal): Promise<void> {
    let checkpoint = await lock.loadCheckpoint(this.name);
    // A new leader cannot know what another published meanwhile.
    this.lastSequence = undefined;
    // Nor which endpoints (or anything a copy's selector folds) changed meanwhile.
    this.selectors = undefined;
    // Events read but held back a while (relay-deferral.ts), and where the next read starts: past them.
    let held: HeldEvents = NOTHING_HELD;
    let readFrom = checkpoint;
    let unsaved = false;
    let savedAt = Date.now();
    const everyMs = this.options.checkpointEveryMs ?? 250;
    const save = async (): Promise<void> => {
      if (checkpoint !== null) await lock.saveCheckpoint(this.name, checkpoint);
      unsaved = false;
      savedAt = Date.now();
    };
    const publish = async (events: readonly RecordedEvent[], upTo: typeof checkpoint): Promise<void> => {
      await this.publishInOrder(events);
      checkpoint = upTo;
      held = NOTHING_HELD;
      unsaved = true;
    };
    try {
      const batchSize = this.options.batchSize ?? 100;
      // Events held back by an older transaction are read again after 5 ms, then 10, 20 … up to
      // 100 ms: that transaction may append nothing, so no notification would come for them.
      let heldBackWaitMs = 0;
      while (!signal.aborted && !lock.lost) {
        try {
          const heard = this.options.store.appendsHeard();
          const page = await this.options.store.readAll(readFrom, batchSize, { withoutPayload: this.qualifiers.withoutPayload });
          // A full page may end inside a commit: that commit is read again from its start next round (bus-bundles.ts).
          const pageFull = page.events.length === batchSize;
          const events = pageFull ? endAtCommit(page.events, commitOf) : page.events;
          if (events.length > 0) readFrom = events.length === page.events.length ? page.checkpoint : (events[events.length - 1] as RecordedEvent).checkpoint;
          this.streamsSeen.add(events);
          const decision = holdOrPublish(held, events, { pageFull, now: Date.now() }, this.options.deferral);
          // No abort check inside the batch: stop() lets it finish so its checkpoint is saved.
          if ('hold' in decision) held = decision.hold;
          else if (decision.publish.length > 0) await publish(decision.publish, readFrom);
          if (unsaved && Date.now() - savedAt >= everyMs) await save();
          // A short page read all there was: the next read waits for an append heard since this
          // one began (reading again at once found nothing, one read in three).
          heldBackWaitMs = page.heldBack ? Math.min(HELD_BACK_MAX_WAIT_MS, Math.max(5, heldBackWaitMs * 2)) : 0;
          if (!pageFull) {
            const waitMs = page.heldBack ? heldBackWaitMs : unsaved ? everyMs : (this.options.idleWaitMs ?? 1_000);
            const dueInMs = heldDueInMs(held, this.options.deferral, Date.now()) ?? waitMs;
            await this.options.store.waitForAppend(Math.min(waitMs, dueInMs), signal, heard, this.streamsSeen.wakesFor(held, this.options.deferral));
            await abortableDelay(this.options.lingerMs ?? 2, signal);
          }
        } catch (err) {
          // The in-memory checkpoint did not move: the next round reads the batch again, held events too,
          // and the copies' selectors, which have folded part of it, start again from what is stored.
          held = NOTHING_HELD;
          readFrom = checkpoint;
          this.selectors = undefined;
          this.report(err);
          await abortableDelay(this.options.errorBackoffMs ?? 1_000, signal);
        }
      }
      // Stopping: what waits goes out now rather than with the next leader.
      if (held.events.length > 0 && !lock.lost) await publish(held.events, readFrom).catch((err: unknown) => this.report(err));
    } finally {
      if (unsaved && !lock.lost) await save().catch((err: unknown) => this.report(err));
    }
  }

  /**
   * A batch goes out without waiting for each ack (one socket write for many messages),
   * and still in commit order by construction: each publish names the stream sequence it must
   * follow (`Nats-Expected-Last-Sequence`), so if one is not stored, every later one is refused
   * too, and the batch is retried from its start. The sequence is learnt from a fresh ack; until
   * then (a new leader, after a failure, while republishing what a crash left unsaved, whose
   * acks are duplicates naming older sequences) messages go one at a time, as before. Events whose
   * qualifier nobody reads (SubjectQualifier.unpublished) are passed over: the checkpoint moves past them.
   * Consecutive events of one stream share a message (bus-bundles.ts); a bundle's copies
   * (bus-copies.ts) follow it.
   */
  private async publishInOrder(read: readonly RecordedEvent[]): Promise<void> {
    const qualifiers = await this.qualifiers.of(read);
    const copied = await this.copiedEvents(read);
    const outgoing = read.flatMap((event, index) =>
      this.qualifiers.isUnpublished(event, qualifiers[index])
        ? []
        : [{ event, subject: eventSubject(this.prefix, event.streamName, qualifiers[index]), commit: commitOf(event) }],
    );
    const bundles = bundleForBus(outgoing, this.options.bundleLimits ?? DEFAULT_BUNDLE_LIMITS).flatMap((bundle) => [
      bundle,
      ...copied.flatMap(({ token, answers }) => copyOfBundle(bundle, this.prefix, token, answers) ?? []),
    ]);
    let next = 0;
    while (next < bundles.length && this.lastSequence === undefined) {
      const ack = await this.publish(bundles[next] as BusBundle, undefined);
      if (!ack.duplicate) this.lastSequence = ack.seq;
      next++;
    }
    const base = this.lastSequence;
    if (next === bundles.length || base === undefined) return;
    const rest = bundles.slice(next);
    this.lastSequence = undefined;
    const settled = await Promise.allSettled(rest.map((bundle, index) => this.publish(bundle, base + index)));
    const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const acks = settled.map((outcome) => (outcome as PromiseFulfilledResult<PubAck>).value);
    // A duplicate here would mean another publisher: relearn the sequence before pipelining again.
    if (acks.every((ack) => !ack.duplicate)) this.lastSequence = base + rest.length;
  }

  /** Each copy's token and what its selector said of each event read, every one shown to it in commit order. */
  private async copiedEvents(read: readonly RecordedEvent[]): Promise<{ token: string; answers: Map<RecordedEvent, CopyAnswer> }[]> {
    const copies = this.options.copies ?? [];
    if (copies.length === 0) return [];
    this.selectors ??= await Promise.all(copies.map((copy) => copy.start()));
    const selectors = this.selectors;
    return copies.map((copy, index) => {
      const selector = selectors[index] as CopySelector;
      return {
        token: copy.token,
        answers: new Map(
          read.map((event) => {
            const copied = selector.copies(event);
            return [event, { copied, stamp: copied ? selector.stamp?.() : undefined }];
          }),
        ),
      };
    });
  }

  /** `after`: the stream's last sequence this message must follow, if known. A bundle's events share one trace (bundleForBus). */
  private async publish({ subject, events, body, msgId, copy }: BusBundle, after: number | undefined): Promise<PubAck> {
    const [first] = events as [RecordedEvent];
    const traceparent = first.metadata?.traceparent;
    const expect = after === undefined ? {} : { expect: { lastSequence: after } };
    const stamped = (headers: MsgHdrs | undefined): MsgHdrs | undefined => {
      if (copy?.stamp === undefined) return headers;
      const withStamp = headers ?? natsHeaders();
      withStamp.set(COPY_STAMP_HEADER, copy.stamp);
      return withStamp;
    };
    let ack: PubAck;
    if (traceparent !== undefined && tracingEnabled()) {
      // A span of its own in the event's trace; its context goes on in the header.
      const attributes = {
        'messaging.destination.name': subject,
        'messaging.message.id': msgId,
        'messaging.batch.message_count': events.length,
        event_type: first.type,
      };
      ack = await inSpan(`relay publish ${first.type}`, { kind: SpanKind.PRODUCER, attributes }, contextFromTraceparent(traceparent), async () => {
        const headers = natsHeaders();
        injectTraceHeaders(headers);
        return this.options.js.publish(subject, body, { msgID: msgId, headers: stamped(headers), ...expect });
      });
    } else {
      // Off (or no trace): the stored context passes through as the header, so tracing resumes downstream.
      ack = await this.options.js.publish(subject, body, { msgID: msgId, headers: stamped(traceHeaders(traceparent)), ...expect });
    }
    if (copy === undefined) this.published.inc(events.length);
    return ack;
  }

  private report(err: unknown): void {
    const onError = this.options.onError ?? ((e: Error) => console.error(`event relay ${this.name}:`, e));
    onError(toError(err));
  }
}
