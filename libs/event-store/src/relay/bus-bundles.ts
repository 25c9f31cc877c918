import type { RecordedEvent } from '../event-store.port';
import { toBusMessage } from './bus-message';

/** One JetStream message: a single event as a JSON object, or consecutive events of one stream as a JSON array. */
export interface BusBundle {
  subject: string;
  events: RecordedEvent[];
  body: string;
  /** `Nats-Msg-Id` (busMessageId). */
  msgId: string;
  /** The copy this message is (bus-copies.ts), and its stamp; undefined for the original. */
  copy?: { token: string; stamp: string | undefined };
}

export interface BundleLimits {
  /** 1 publishes every event on its own (the shape before bundles: a rollout switch, RELAY_BUNDLE_MAX_EVENTS). */
  maxEvents: number;
  /** Well under NATS's max_payload (1 MiB by default); an event larger than this still goes, alone. */
  maxBytes: number;
}

export const DEFAULT_BUNDLE_LIMITS: BundleLimits = { maxEvents: 16, maxBytes: 256 * 1024 };

/** A message's `Nats-Msg-Id`: its event's id when it carries one, else its first event's id and their count. */
export function busMessageId(firstEventId: string, count: number): string {
  return count === 1 ? firstEventId : `${firstEventId}+${count}`;
}

/** An event the relay sends, with its subject and the commit (transaction) that stored it. */
export interface OutgoingEvent {
  event: RecordedEvent;
  subject: string;
  commit: string;
}

/**
 * Consecutive events of one stream stored by one commit, on one subject and in one
 * trace (what a single append writes, like the synthetic expert's accept, start and complete), go
 * out as one message, so NATS stores, delivers and hears acks for one message instead of one per event.
 *
 * The message id is deterministic in what the message holds, and what it holds is decided from
 * the commit's first event on: a relay that republishes after a crash, from a checkpoint that
 * ends a commit (endAtCommit), makes the same messages, which the duplicate window drops.
 */
export function bundleForBus(outgoing: readonly OutgoingEvent[], limits: BundleLimits = DEFAULT_BUNDLE_LIMITS): BusBundle[] {
  const bundles: BusBundle[] = [];
  let open: { subject: string; commit: string; events: RecordedEvent[]; bodies: string[]; bytes: number; trace: string | undefined } | undefined;
  const close = (): void => {
    if (!open) return;
    const [first] = open.events as [RecordedEvent];
    bundles.push({
      subject: open.subject,
      events: open.events,
      body: open.events.length === 1 ? (open.bodies[0] as string) : `[${open.bodies.join(',')}]`,
      msgId: busMessageId(first.id, open.events.length),
    });
    open = undefined;
  };
  for (const { event, subject, commit } of outgoing) {
    const body = JSON.stringify(toBusMessage(event));
    const bytes = Buffer.byteLength(body);
    const trace = event.metadata?.traceparent;
    const joins =
      open !== undefined &&
      open.subject === subject &&
      open.commit === commit &&
      open.events[0]?.streamName === event.streamName &&
      open.trace === trace &&
      open.events.length < limits.maxEvents &&
      open.bytes + 1 + bytes <= limits.maxBytes;
    if (!joins) close();
    if (open === undefined) open = { subject, commit, events: [], bodies: [], bytes: 1, trace };
    open.events.push(event);
    open.bodies.push(body);
    open.bytes += bytes + 1;
  }
  close();
  return bundles;
}

/**
 * A page the store cut at its size limit may end inside a commit: its events up to the last
 * whole commit, so the next read (and any read again from the checkpoint after them) begins
 * with a commit's first event and bundles it the same way. All of them when one commit fills the
 * page. A page cut short (the transaction horizon, or nothing more) ends a commit already.
 */
export function endAtCommit<T>(events: readonly T[], commitOf: (event: T) => string): readonly T[] {
  const last = events[events.length - 1];
  if (last === undefined) return events;
  const lastCommit = commitOf(last);
  let end = events.length - 1;
  while (end > 0 && commitOf(events[end - 1] as T) === lastCommit) end--;
  return end === 0 ? events : events.slice(0, end);
}

const isEventShaped = (value: unknown): value is RecordedEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RecordedEvent).id === 'string' &&
  typeof (value as RecordedEvent).type === 'string' &&
  typeof (value as RecordedEvent).streamName === 'string';

/** The events a bus message carries, in order; throws a TypeError for anything else. */
export function eventsOfBusMessage(payload: string): RecordedEvent[] {
  const parsed: unknown = JSON.parse(payload);
  const events = Array.isArray(parsed) ? parsed : [parsed];
  if (events.length === 0 || !events.every(isEventShaped)) throw new TypeError('not an event or a non-empty array of events');
  return events;
}
