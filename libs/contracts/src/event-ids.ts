import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * An event id derived from the event that caused it, so a reactor that handles the same
 * message twice appends the same ids and the store's idempotent append absorbs the retry.
 * Keeps the cause's ULID time part, so ids still sort by time.
 */
export function deriveEventId(causationEventId: string, purpose: string, index = 0): string {
  const causeUlid = causationEventId.slice(causationEventId.indexOf('_') + 1);
  const digest = createHash('sha256').update(`${causationEventId}|${purpose}|${index}`).digest();
  const random = Array.from(digest.subarray(0, 16), (byte) => CROCKFORD[byte % 32]).join('');
  return `evt_${causeUlid.slice(0, 10)}${random}`;
}
