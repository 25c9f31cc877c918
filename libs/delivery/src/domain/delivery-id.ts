import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * `del_<26>` from the event and the destination: a redelivered event derives the same id, so
 * scheduling twice is an append conflict, never a second delivery. The event's ULID time part
 * is kept, so delivery ids sort by the time of their event.
 */
export function deriveDeliveryId(eventId: string, destinationKey: string): string {
  const eventUlid = eventId.slice(eventId.indexOf('_') + 1);
  const digest = createHash('sha256').update(`${eventId}|${destinationKey}`).digest();
  const random = Array.from(digest.subarray(0, 16), (byte) => CROCKFORD[byte % 32]).join('');
  return `del_${eventUlid.slice(0, 10)}${random}`;
}

/** The endpoint id for the workspace endpoint, the URL itself for a `webhook_url` override. */
export const destinationKey = (destination: { endpoint_id: string | null; url: string }): string => destination.endpoint_id ?? `url:${destination.url}`;
