import { derivedId, timePartOf } from '@eh/contracts';

/**
 * `del_<26>` from the event and the destination: a redelivered event derives the same id, so
 * scheduling twice is an append conflict, never a second delivery. The event's ULID time part
 * is kept, so delivery ids sort by the time of their event.
 */
export function deriveDeliveryId(eventId: string, destinationKey: string): string {
  return derivedId({ prefix: 'del', time: timePartOf(eventId), seed: `${eventId}|${destinationKey}`, encoding: 'byte-modulo' });
}

/** The endpoint id for the workspace endpoint, the URL itself for a `webhook_url` override. */
export const destinationKey = (destination: { endpoint_id: string | null; url: string }): string => destination.endpoint_id ?? `url:${destination.url}`;
