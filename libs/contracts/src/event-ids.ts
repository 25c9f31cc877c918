import { derivedId, timePartOf } from './derived-id';

/**
 * An event id derived from the event that caused it, so a reactor that handles the same
 * message twice appends the same ids and the store's idempotent append absorbs the retry.
 * Keeps the cause's ULID time part, so ids still sort by time.
 */
export function deriveEventId(causationEventId: string, purpose: string, index = 0): string {
  return derivedId({ prefix: 'evt', time: timePartOf(causationEventId), seed: `${causationEventId}|${purpose}|${index}`, encoding: 'byte-modulo' });
}
