import { DomainError, deliveryStreamName, type DeliveryEvent } from '@eh/contracts';
import { loadAggregate, toDomainEvent, type EventStore } from '@eh/event-store';
import { toDeliveryResource, type DeliveryResource } from '../domain/delivery.resource';
import type { AttemptRecord } from '../domain/delivery.state';
import { deliveryDecider } from '../domain/delivery.decider';

export interface DeliveryHistoryEntry {
  type: DeliveryEvent['type'];
  at: string;
}

export interface DeliveryDetail extends DeliveryResource {
  /** Every attempt ever made (time, status code, latency, error), oldest first. */
  attempt_history: AttemptRecord[];
  /** Every event of the delivery's stream: scheduling, outcomes, retries, replays. */
  timeline: DeliveryHistoryEntry[];
  /** The exact bytes sent on every attempt. */
  body: string;
}

/** A delivery and its full history, read from its stream (the events are the record). */
export async function showDelivery(store: EventStore, deliveryId: string): Promise<DeliveryDetail> {
  const { state, events: recorded } = await loadAggregate(store, deliveryStreamName(deliveryId), deliveryDecider);
  const events = recorded.map((event) => toDomainEvent<DeliveryEvent>(event));
  if (state.status === 'initial') throw new DomainError('not_found', `no delivery ${deliveryId}`, 'id');
  const attempts = events.flatMap((event) => {
    if (event.type !== 'delivery.attempted') return [];
    const { delivery_id: _id, ...attempt } = event.data;
    return [attempt];
  });
  return {
    ...toDeliveryResource(state),
    attempt_history: attempts,
    timeline: recorded.map((event) => ({ type: event.type as DeliveryEvent['type'], at: event.metadata.occurred_at })),
    body: state.details.body,
  };
}
