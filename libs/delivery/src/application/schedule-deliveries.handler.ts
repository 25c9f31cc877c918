import { deliveryStreamName, deriveEventId, isPublicEventType, type DeliveryDestination, type DeploymentEvent, type HandoffEvent, type UsageThresholdReached } from '@eh/contracts';
import { foldDeployment, toDeploymentResource } from '@eh/deployments';
import { handleCommand, toDomainEvent, type EventStore, type RecordedEvent } from '@eh/event-store';
import { foldHandoff, toHandoffResource } from '@eh/handoffs';
import type { ScheduleDelivery } from '../domain/delivery.commands';
import { deriveDeliveryId, destinationKey } from '../domain/delivery-id';
import { buildWebhookBody } from '../domain/webhook-body';
import { deliveryDecider, loadWebhookEndpoint } from './delivery-deciders';

export interface ScheduledDeliveryRef {
  delivery_id: string;
  /** false: an earlier handling of the same event already scheduled it (redelivery). */
  created: boolean;
}

export interface ScheduleOptions {
  /**
   * Shows `data.object` as readers see it (issue 12: uploaded attachments by URLs signed now, valid
   * 24 h, enough for the whole retry schedule; a later replay carries the same, by then expired,
   * URLs, and the receiver reads the deployment for fresh ones).
   */
  presentObject?: <T>(object: T, now: Date) => T;
}

interface Subject {
  object: unknown;
  metadata: Record<string, unknown>;
  deployment_id: string | null;
  /** The deployment's own `webhook_url`, which overrides the workspace endpoint. */
  override: string | null;
}

/** The deployment as it was right after `event` (its stream folded up to that revision). */
async function deploymentSubject(store: EventStore, event: RecordedEvent): Promise<Subject | null> {
  const history = (await store.read(event.streamName)).filter((recorded) => recorded.streamRevision <= event.streamRevision);
  const state = foldDeployment(history.map((recorded) => toDomainEvent<DeploymentEvent>(recorded)));
  if (state.status === 'initial') return null;
  const resource = toDeploymentResource(state);
  return { object: resource, metadata: resource.metadata, deployment_id: resource.id, override: resource.webhook_url };
}

/** The ledger's threshold event carries its whole subject: the usage figures at that moment. */
function usageSubject(event: RecordedEvent): Subject {
  return { object: event.data as UsageThresholdReached['data'], metadata: {}, deployment_id: null, override: null };
}

/** The handoff as it was right after `event` (issue 8); handoffs take no webhook_url, so the workspace endpoint. */
async function handoffSubject(store: EventStore, event: RecordedEvent): Promise<Subject | null> {
  const history = (await store.read(event.streamName)).filter((recorded) => recorded.streamRevision <= event.streamRevision);
  const state = foldHandoff(history.map((recorded) => toDomainEvent<HandoffEvent>(recorded)));
  if (state.status === 'initial') return null;
  const resource = toHandoffResource(state);
  return { object: resource, metadata: resource.metadata, deployment_id: resource.deployment_id, override: null };
}

/** How each kind of public event finds what it is about. */
async function subjectOf(store: EventStore, event: RecordedEvent): Promise<Subject | null> {
  if (event.type === 'usage.threshold_reached') return usageSubject(event);
  if (event.type.startsWith('handoff.')) return handoffSubject(store, event);
  return event.type.startsWith('deployment.') ? deploymentSubject(store, event) : null;
}

/** The deployment's `webhook_url` if set, else the workspace endpoint; none → no delivery. */
async function destinationsOf(store: EventStore, workspaceId: string, subject: Subject): Promise<DeliveryDestination[]> {
  if (subject.override !== null) return [{ endpoint_id: null, url: subject.override }];
  const endpoint = await loadWebhookEndpoint(store, workspaceId);
  return endpoint.status === 'registered' ? [{ endpoint_id: endpoint.endpoint_id, url: endpoint.url }] : [];
}

/**
 * The fan-out (issue 6): one delivery per destination of a public event, its body built once
 * and stored. The delivery id derives from (event, destination) and the append expects no
 * stream, so an event delivered twice by JetStream schedules nothing twice.
 */
export async function scheduleDeliveries(store: EventStore, event: RecordedEvent, now: Date, options: ScheduleOptions = {}): Promise<ScheduledDeliveryRef[]> {
  const eventType = event.type;
  if (!isPublicEventType(eventType)) return [];
  const subject = await subjectOf(store, event);
  if (!subject) return [];
  const workspaceId = event.metadata.workspace_id;
  const body = buildWebhookBody({
    event_id: event.id,
    event_type: eventType,
    created_at: event.metadata.occurred_at,
    sequence: event.streamRevision,
    object: options.presentObject ? options.presentObject(subject.object, now) : subject.object,
    metadata: subject.metadata,
  });
  const scheduled: ScheduledDeliveryRef[] = [];
  for (const destination of await destinationsOf(store, workspaceId, subject)) {
    const deliveryId = deriveDeliveryId(event.id, destinationKey(destination));
    const command: ScheduleDelivery = {
      type: 'schedule',
      data: {
        delivery_id: deliveryId,
        workspace_id: workspaceId,
        ...destination,
        event_id: event.id,
        event_type: eventType,
        deployment_id: subject.deployment_id,
        body,
        scheduled_at: now.toISOString(),
      },
    };
    const result = await handleCommand(
      store,
      deliveryDecider,
      deliveryStreamName(deliveryId),
      (state) => (state.status === 'initial' ? command : null),
      {
        workspaceId,
        correlationId: event.metadata.correlation_id,
        causationId: event.id,
        now: now.toISOString(),
        eventId: (index) => deriveEventId(event.id, `webhooks:${deliveryId}`, index),
      },
    );
    scheduled.push({ delivery_id: deliveryId, created: result.events.length > 0 });
  }
  return scheduled;
}
