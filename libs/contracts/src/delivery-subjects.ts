import { DELIVERY_EVENT_TYPES, type DeliveryScheduled } from './delivery-events';

/** The subject token of a delivery event that only records what the delivery did: `<prefix>.delivery.<id>.record`. */
export const DELIVERY_RECORD_SUBJECT_TOKEN = 'record';

/**
 * A delivery event that asks the webhooks worker for an attempt it would not otherwise make: a
 * replay or a retry brought forward (appended by the gateway or the CLI, which have no queue), or a partner's test event,
 * scheduled by the gateway. The worker's own schedules and every attempt's outcome are records.
 */
export const asksForAnAttempt = (event: { type: string; data: unknown }): boolean =>
  event.type === 'delivery.replay_requested' ||
  event.type === 'delivery.retry_brought_forward' ||
  (event.type === 'delivery.scheduled' && (event.data as DeliveryScheduled['data']).event_type === 'webhook.test');

/**
 * The records of a delivery are qualified `record`, and not published at all: the webhooks
 * fan-out, filtering on `<prefix>.delivery.*`, is sent only the events that ask it for an attempt
 * and never the two or three records each delivery of its own makes. Decided by each event alone,
 * so a relay publishing again after a crash picks the same subject with no read.
 * A SubjectQualifier of @eh/event-store's relay.
 */
export const deliveryRecordQualifier = {
  category: 'delivery',
  decidedBy: 'each_event' as const,
  qualify: (event: { type: string; data: unknown }): string | undefined => (asksForAnAttempt(event) ? undefined : DELIVERY_RECORD_SUBJECT_TOKEN),
  // What an attempt did, never a request for one: read by the relay without its payload.
  unpublishedTypes: DELIVERY_EVENT_TYPES.filter(
    (type) => type !== 'delivery.scheduled' && type !== 'delivery.replay_requested' && type !== 'delivery.retry_brought_forward',
  ),
  // No reactor and no live stream subscribes to a delivery's records: they stay in PostgreSQL,
  // where the deliveries view, the reconciler and the dashboard read them.
  unpublished: [DELIVERY_RECORD_SUBJECT_TOKEN],
};

/** The filter, under the subject prefix, for the delivery events that ask for an attempt. */
export const ATTEMPT_REQUESTS_SUBJECT = 'delivery.*';
