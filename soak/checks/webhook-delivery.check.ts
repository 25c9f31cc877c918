import { isPublicEventType, type DeliveryEvent } from '@eh/contracts';
import { foldDelivery, toDeliveryResource } from '@eh/delivery';
import type { ReceivedRequest } from '../load/webhook-receivers';
import type { DeliveryRow, StoredEvent } from './soak-evidence';
import { groupBy, type CheckResult, type Violation } from './soak-violation';

const CHECK = 'webhooks';

export interface WebhookEvidence {
  events: readonly StoredEvent[];
  deliveries: readonly DeliveryRow[];
  received: readonly ReceivedRequest[];
  /** The run's workspaces: every one has an endpoint on the soak's receivers. */
  workspaceIds: ReadonlySet<string>;
  now: number;
  /** How late a pending delivery may be past its next attempt before it counts as stuck. */
  slackMs: number;
}

const is2xx = (status: number): boolean => status >= 200 && status < 300;

/**
 * Deliveries, none lost and none doubled (docs/decisions.md "Webhooks"):
 *  - every public event of the run's workspaces has its delivery;
 *  - a receiver never got one event at one URL under two Service-Delivery ids, every request it
 *    got belongs to a known delivery and carries a valid signature;
 *  - a delivery the service calls succeeded was answered 2xx by the receiver; one the receiver
 *    answered 2xx to is succeeded, unless the service never saw that answer (an attempt recorded
 *    a timeout or network error) and is still retrying or dead-lettered it;
 *  - every other delivery is dead-lettered, failed (4xx), or pending on its schedule, not stuck.
 */
export function checkWebhookDeliveries(evidence: WebhookEvidence): CheckResult {
  const violations: Violation[] = [];
  const ours = evidence.deliveries.filter((delivery) => evidence.workspaceIds.has(delivery.workspaceId));
  const byEvent = groupBy(ours, (delivery) => delivery.eventId);
  const byId = new Map(evidence.deliveries.map((delivery) => [delivery.deliveryId, delivery]));
  const publicEvents = evidence.events.filter((event) => isPublicEventType(event.type) && evidence.workspaceIds.has(String(event.metadata.workspace_id)));
  // A delivery recorded in events but missing from deliveries_view is a projection fault, not a lost
  // delivery: the two read differently, so the report names which one it is.
  const scheduledFor = groupBy(
    evidence.events.filter((event) => event.type === 'delivery.scheduled'),
    (event) => String(event.data.event_id),
  );
  for (const event of publicEvents) {
    if (byEvent.has(event.eventId)) continue;
    const recorded = scheduledFor.get(event.eventId)?.map((scheduled) => scheduled.streamName) ?? [];
    const where =
      recorded.length > 0 ? `, though its events record ${recorded.join(', ')} (missing from deliveries_view)` : ', in events or in deliveries_view';
    violations.push({ check: CHECK, subject: event.eventId, detail: `${event.type} of ${event.streamName} has no delivery${where}` });
  }
  const storedById = new Map(evidence.events.map((event) => [event.eventId, event]));
  for (const request of evidence.received) {
    const event = storedById.get(request.eventId);
    if (!event) violations.push({ check: CHECK, subject: request.eventId || '(no id)', detail: `${request.path} received an event the store does not hold` });
    else if (event.type !== request.eventType || (event.streamName.startsWith('deployment-') && request.sequence !== event.revision)) {
      violations.push({
        check: CHECK,
        subject: request.deliveryId,
        detail: `sent as ${request.eventType} #${request.sequence}, stored as ${event.type} #${event.revision}`,
      });
    }
    if (!request.signatureValid)
      violations.push({ check: CHECK, subject: request.deliveryId, detail: `a request to ${request.path} whose signature does not verify` });
    if (!byId.has(request.deliveryId)) {
      const inEvents = evidence.events.some((stored) => stored.streamName === `delivery-${request.deliveryId}`);
      const detail = `${request.path} received a delivery the service does not know (${inEvents ? 'its events exist, its deliveries_view row does not' : 'no event of its stream either'})`;
      violations.push({ check: CHECK, subject: request.deliveryId || '(no id)', detail });
    }
  }
  for (const [key, requests] of groupBy(evidence.received, (request) => `${request.path} ${request.eventId}`)) {
    const ids = new Set(requests.map((request) => request.deliveryId));
    if (ids.size > 1)
      violations.push({ check: CHECK, subject: key, detail: `one event delivered to one URL under ${ids.size} Service-Delivery ids: ${[...ids].join(', ')}` });
  }
  const answered2xx = new Set(evidence.received.filter((request) => is2xx(request.status) && request.answered).map((request) => request.deliveryId));
  const attemptsOf = groupBy(
    evidence.events.filter((event) => event.type === 'delivery.attempted'),
    (event) => String(event.data.delivery_id),
  );
  const streams = groupBy(
    evidence.events.filter((event) => event.streamName.startsWith('delivery-')),
    (event) => event.streamName.slice('delivery-'.length),
  );
  for (const delivery of evidence.deliveries) {
    const history = (streams.get(delivery.deliveryId) ?? [])
      .sort((a, b) => a.revision - b.revision)
      .map((event) => ({ type: event.type, data: event.data }) as unknown as DeliveryEvent);
    const state = foldDelivery(history);
    if (state.status === 'initial') violations.push({ check: CHECK, subject: delivery.deliveryId, detail: 'in deliveries_view with no events' });
    else if (JSON.stringify(toDeliveryResource(state)) !== JSON.stringify(delivery.resource))
      violations.push({
        check: CHECK,
        subject: delivery.deliveryId,
        detail: `the read model (${delivery.status}) serves another delivery than the fold of its events (${state.status})`,
      });
  }
  const statuses: Record<string, number> = {};
  for (const delivery of ours) {
    statuses[`deliveries ${delivery.status}`] = (statuses[`deliveries ${delivery.status}`] ?? 0) + 1;
    const attempts = attemptsOf.get(delivery.deliveryId) ?? [];
    const unanswered = attempts.some((attempt) => attempt.data.status_code === null);
    if (delivery.status === 'succeeded' && !answered2xx.has(delivery.deliveryId)) {
      violations.push({
        check: CHECK,
        subject: delivery.deliveryId,
        detail: `succeeded, but the receiver never answered it 2xx (${attempts.length} attempts recorded)`,
      });
    }
    if (delivery.status !== 'succeeded' && answered2xx.has(delivery.deliveryId) && !unanswered) {
      violations.push({
        check: CHECK,
        subject: delivery.deliveryId,
        detail: `the receiver answered 2xx, the service says ${delivery.status} and recorded no attempt without an answer`,
      });
    }
    if (
      (delivery.status === 'scheduled' || delivery.status === 'retrying') &&
      delivery.nextAttemptAt &&
      delivery.nextAttemptAt.getTime() < evidence.now - evidence.slackMs
    ) {
      violations.push({
        check: CHECK,
        subject: delivery.deliveryId,
        detail: `${delivery.status}, next attempt due ${delivery.nextAttemptAt.toISOString()}, never made (stuck)`,
      });
    }
  }
  return {
    violations,
    figures: {
      deliveries: ours.length,
      ...statuses,
      'public events': publicEvents.length,
      'requests at the receivers': evidence.received.length,
      'deliveries answered 2xx': answered2xx.size,
    },
  };
}
