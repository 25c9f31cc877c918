import { isPublicEventType, type DeliveryReplayRequested } from '@eh/contracts';
import { scheduleDeliveries, type AttemptScheduler } from '@eh/delivery';
import type { EventStore, RecordedEvent } from '@eh/event-store';

export interface FanoutDeps {
  store: EventStore;
  scheduler: AttemptScheduler;
  clock: () => Date;
  /** Signs uploaded attachments in `data.object` (issue 12); bodies are left as they are without it. */
  presentObject?: <T>(object: T, now: Date) => T;
}

/** What the fan-out acts on; everything else is acked without a database round trip. */
export const fanoutAccepts = (event: RecordedEvent): boolean => isPublicEventType(event.type) || event.type === 'delivery.replay_requested';

/**
 * The `webhooks-fanout` consumer's handler, for every event of the stream: a public event
 * becomes its deliveries; a replay request (appended by the gateway or the CLI, which have
 * no queue) becomes its first attempt. Anything else is skipped.
 */
export function fanoutHandler(deps: FanoutDeps): (event: RecordedEvent) => Promise<void> {
  // Losing an enqueue loses nothing: the delivery is in PostgreSQL and the reconciler
  // re-derives its job. Throwing instead would only hold up the events behind this one.
  const enqueue = (deliveryId: string, attempt: number, dueAt: Date): Promise<void> =>
    deps.scheduler.enqueue(deliveryId, attempt, dueAt).catch((error: unknown) => {
      console.error(`webhooks: could not enqueue ${deliveryId} attempt ${attempt}; the reconciler will`, error);
    });

  return async (event) => {
    if (event.type === 'delivery.replay_requested') {
      const { delivery_id, next_attempt, requested_at } = (event as RecordedEvent<'delivery.replay_requested', DeliveryReplayRequested['data']>).data;
      await enqueue(delivery_id, next_attempt, new Date(requested_at));
      return;
    }
    const now = deps.clock();
    for (const scheduled of await scheduleDeliveries(deps.store, event, now, { presentObject: deps.presentObject })) {
      if (scheduled.created) await enqueue(scheduled.delivery_id, 1, now);
    }
  };
}
