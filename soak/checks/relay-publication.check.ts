import { deliveryRecordQualifier } from '@eh/contracts';
import { WEBHOOK_COPY_TOKEN } from '@eh/delivery';
import { NOTIFICATION_COPY_TOKEN } from '@eh/notifications';
import { busMessageId, copyMessageId } from '@eh/event-store';
import type { StoredEvent, StreamMessage } from './soak-evidence';
import type { CheckResult, Violation } from './soak-violation';

const CHECK = 'relay';

/** The relay's copies (bus-copies.ts), by their token: the fan-out's and the notification planner's. */
const COPY_TOKENS = [WEBHOOK_COPY_TOKEN, NOTIFICATION_COPY_TOKEN] as const;

/** The copy token a message's `Nats-Msg-Id` ends with, if it is a copy. */
const copyTokenOf = (msgId: string): string | undefined => COPY_TOKENS.find((token) => msgId.endsWith(copyMessageId('', token)));

/** Commit order of two events: (transaction id, global position), as the relay reads the store. */
function before(a: StoredEvent, b: StoredEvent): boolean {
  return a.transactionId < b.transactionId || (a.transactionId === b.transactionId && a.position < b.position);
}

/** A delivery's records, which the relay keeps in the store only (SubjectQualifier.unpublished). */
export function keptInStoreOnly(event: Pick<StoredEvent, 'streamName' | 'type' | 'data'>): boolean {
  if (!event.streamName.startsWith(`${deliveryRecordQualifier.category}-`)) return false;
  const token = deliveryRecordQualifier.qualify(event);
  return token !== undefined && deliveryRecordQualifier.unpublished.includes(token);
}

/**
 * What the relay promises (libs/event-store/src/relay/event-relay.ts): every committed event is
 * published, at least once, in commit order, with `Nats-Msg-Id` = event id (for a bundle of
 * several, the first one's id and their count: bus-bundles.ts), bundled the same way every time;
 * the stream's duplicate window keeps one copy of each id. So the stream must hold each stored event exactly once (no
 * more, none missing, nothing unknown), each stream's events in revision order, and all of them
 * in commit order; but none whose qualifier nobody reads (a delivery's records). The relay's
 * copies (bus-copies.ts, `Nats-Msg-Id` ending `@<token>`) are checked apart, token by token (checkCopies).
 */
export function checkRelayPublication(
  events: readonly StoredEvent[],
  everyMessage: readonly StreamMessage[],
  storedAfter: readonly StoredEvent[] = events,
): CheckResult {
  const violations: Violation[] = [];
  const messages = everyMessage.filter((message) => copyTokenOf(message.msgId) === undefined);
  const copiesByToken = COPY_TOKENS.map((token) => ({ token, messages: everyMessage.filter((message) => copyTokenOf(message.msgId) === token) }));
  // `events` was read before the stream and must all be on it; `storedAfter`, read after, knows
  // every event the stream can hold, including those committed while it was being read.
  const stored = new Map(storedAfter.map((event) => [event.eventId, event]));
  const copies = new Map<string, number>();
  const firstCopies: StreamMessage[] = [];
  for (const message of messages) {
    if (message.indexInMessage === 0 && message.msgId !== busMessageId(message.eventId, message.eventsInMessage))
      violations.push({ check: CHECK, subject: message.eventId, detail: `message ${message.seq} carries Nats-Msg-Id ${message.msgId || '(none)'}` });
    const seen = (copies.get(message.eventId) ?? 0) + 1;
    copies.set(message.eventId, seen);
    if (seen === 1) firstCopies.push(message);
    else violations.push({ check: CHECK, subject: message.eventId, detail: `published ${seen} times (again at stream sequence ${message.seq})` });
    const event = stored.get(message.eventId);
    if (!event) violations.push({ check: CHECK, subject: message.eventId, detail: `on the stream (sequence ${message.seq}) but not in the event store` });
    else if (seen === 1 && keptInStoreOnly(event))
      violations.push({
        check: CHECK,
        subject: message.eventId,
        detail: `${event.type} of ${event.streamName}@${event.revision} published, though kept in the store only`,
      });
  }
  const published = events.filter((event) => !keptInStoreOnly(event));
  for (const event of published) {
    if (!copies.has(event.eventId))
      violations.push({ check: CHECK, subject: event.eventId, detail: `${event.type} of ${event.streamName}@${event.revision} never published` });
  }
  const lastRevision = new Map<string, number>();
  let previous: StoredEvent | undefined;
  for (const message of firstCopies) {
    const event = stored.get(message.eventId);
    if (!event) continue;
    const last = lastRevision.get(event.streamName);
    if (last !== undefined && event.revision <= last)
      violations.push({ check: CHECK, subject: event.streamName, detail: `revision ${event.revision} published after revision ${last}` });
    lastRevision.set(event.streamName, Math.max(last ?? -1, event.revision));
    if (previous && !before(previous, event))
      violations.push({ check: CHECK, subject: event.eventId, detail: `published after ${previous.eventId}, which committed later` });
    previous = event;
  }
  for (const { token, messages: copies } of copiesByToken) violations.push(...checkCopies(copies, firstCopies, token));
  return {
    violations,
    figures: {
      ...Object.fromEntries(copiesByToken.map(({ token, messages: copies }) => [`${token} copies on the stream`, copies.length])),
      'events stored': events.length,
      'events kept in the store only': events.length - published.length,
      'messages on the stream': new Set(messages.map((message) => message.seq)).size,
      'events on the stream': messages.length,
      'distinct event ids published': copies.size,
    },
  };
}

/**
 * Each copy of one token follows its original: the same events, once, named after the original's
 * message, and after it on the stream. Which events must be copied depends on what the soak does
 * not track (endpoints); the webhook checks find a delivery lost for want of one.
 */
function checkCopies(copies: readonly StreamMessage[], originals: readonly StreamMessage[], token: string): Violation[] {
  const violations: Violation[] = [];
  const originalOf = new Map(originals.map((message) => [message.eventId, message]));
  const copied = new Set<string>();
  for (const copy of copies) {
    const original = originalOf.get(copy.eventId);
    if (copied.has(copy.eventId)) violations.push({ check: CHECK, subject: copy.eventId, detail: `copied twice (again at stream sequence ${copy.seq})` });
    copied.add(copy.eventId);
    if (!original) violations.push({ check: CHECK, subject: copy.eventId, detail: `copy at stream sequence ${copy.seq} of an event never published` });
    else if (copy.seq < original.seq)
      violations.push({ check: CHECK, subject: copy.eventId, detail: `copy at stream sequence ${copy.seq} before its original (${original.seq})` });
    else if (copy.indexInMessage === 0 && copy.msgId !== copyMessageId(busMessageId(copy.eventId, copy.eventsInMessage), token)) {
      violations.push({ check: CHECK, subject: copy.eventId, detail: `copy at stream sequence ${copy.seq} carries Nats-Msg-Id ${copy.msgId}` });
    }
  }
  return violations;
}
