import { deliveryStreamName, deriveEventId, isPublicEventType, type DeliveryDestination, type KeyMode, type PublicEventType } from '@eh/contracts';
import { handleCommand, type CommandContext, type EventStore, type FoldedStream, type RecordedEvent } from '@eh/event-store';
import type { ScheduleDelivery } from '../domain/delivery.commands';
import type { DeliveryState } from '../domain/delivery.state';
import { deriveDeliveryId, destinationKey } from '../domain/delivery-id';
import { deliveryDecider } from '../domain/delivery.decider';
import type { WebhookEndpointState } from '../domain/webhook-endpoint.decider';
import { publicEventBody, type EventSubject } from './public-event';

export interface ScheduledDeliveryRef {
  delivery_id: string;
  /** false: an earlier handling of the same event already scheduled it (redelivery). */
  created: boolean;
  /** The delivery as this call left it. */
  folded: FoldedStream<DeliveryState>;
  /** Its first attempt is made already, or under way (ScheduleOptions.record). */
  attempted?: true;
}

/**
 * How a new delivery's schedule is recorded: by itself (recordSchedule), or with its first attempt,
 * calling `answered` once that attempt's POST has its answer (FirstAttempts.attemptThenSchedule).
 */
export type ScheduleRecorder = (command: ScheduleDelivery, context: CommandContext, answered: () => void) => Promise<ScheduledDeliveryRef>;

/** What the fan-out schedules an event's deliveries with; every one is the same in production and in tests. */
export interface ScheduleOptions {
  /**
   * Shows `data.object` as readers see it (uploaded attachments by URLs signed now, valid
   * 24 h, enough for the whole retry schedule; a later replay carries the same, by then expired,
   * URLs, and the receiver reads the deployment for fresh ones).
   */
  presentObject: <T>(object: T, now: Date) => T;
  /** The partner's endpoints taking the event. */
  endpoints: EndpointDirectory;
  /** Called before a `webhook_url` delivery is scheduled, so its signing secret exists. */
  ensureSigningSecret: SigningSecretKeeper;
  /** What the event is about, as it was right after it (SubjectFolds). */
  subjectOf: (event: RecordedEvent) => Promise<EventSubject | null>;
  /** The admin API's endpoint of a workspace, as it is after the event. */
  adminEndpoint: (workspaceId: string) => Promise<WebhookEndpointState>;
  /** Records each delivery: its schedule alone (recordSchedule), or with its first attempt (FirstAttempts.attemptThenSchedule). */
  record: ScheduleRecorder;
  /**
   * Called once the first POST of every delivery of the event has its answer, before
   * they are recorded: the subject's next event may go out. Not called when a delivery is not
   * posted by `record` (the caller goes on once this resolves).
   */
  answered: () => void;
}

/** Calls `then` once `count` calls of the function returned are made (at once for none). */
function countdown(count: number, then: () => void): () => void {
  let left = count;
  if (left === 0) then();
  return () => {
    left -= 1;
    if (left === 0) then();
  };
}

/** A partner's endpoints of a workspace and mode that take this event (read model); one made for a deployment names it. */
export type EndpointDirectory = (
  workspaceId: string,
  mode: KeyMode,
  eventType: PublicEventType,
) => Promise<(DeliveryDestination & { deployment_id?: string | null })[]>;

/** Makes sure the workspace and mode have the signing secret a `webhook_url` delivery is signed with. */
export type SigningSecretKeeper = (workspaceId: string, mode: KeyMode) => Promise<void>;

/**
 * Where an event goes: the deployment's `webhook_url` if it has one, else the admin API's
 * endpoint of the workspace (as before); and in both cases every enabled partner endpoint of the
 * mode that takes this event type.
 */
async function destinationsOf(
  workspaceId: string,
  subject: EventSubject,
  eventType: PublicEventType,
  options: ScheduleOptions,
): Promise<DeliveryDestination[]> {
  const destinations: DeliveryDestination[] = [];
  if (subject.override !== null) {
    destinations.push({ endpoint_id: null, url: subject.override });
  } else {
    const endpoint = await options.adminEndpoint(workspaceId);
    if (endpoint.status === 'registered') destinations.push({ endpoint_id: endpoint.endpoint_id, url: endpoint.url });
  }
  // An endpoint made for one deployment (an A2A push config) takes that deployment's events alone.
  for (const { deployment_id, ...destination } of await options.endpoints(workspaceId, subject.mode, eventType)) {
    if (!deployment_id || deployment_id === subject.deployment_id) destinations.push(destination);
  }
  return destinations;
}

/**
 * The fan-out: one delivery per destination of a public event, its body built once
 * and stored. The delivery id derives from (event, destination) and the append expects no
 * stream, so an event delivered twice by JetStream schedules nothing twice.
 */
export async function scheduleDeliveries(event: RecordedEvent, now: Date, options: ScheduleOptions): Promise<ScheduledDeliveryRef[]> {
  const eventType = event.type;
  if (!isPublicEventType(eventType)) return [];
  const subject = await options.subjectOf(event);
  if (!subject) return [];
  const workspaceId = event.metadata.workspace_id;
  const body = JSON.stringify(publicEventBody(event, subject, options.presentObject(subject.object, now)));
  const destinations = await destinationsOf(workspaceId, subject, eventType, options);
  if (destinations.some((destination) => destination.endpoint_id === null)) await options.ensureSigningSecret(workspaceId, subject.mode);
  const answered = countdown(destinations.length, options.answered);
  // Each destination's delivery is its own stream: recorded side by side (a group commit).
  return Promise.all(
    destinations.map((destination) => {
      const deliveryId = deriveDeliveryId(event.id, destinationKey(destination));
      const command: ScheduleDelivery = {
        type: 'schedule',
        data: {
          delivery_id: deliveryId,
          workspace_id: workspaceId,
          ...destination,
          event_id: event.id,
          event_type: eventType,
          mode: subject.mode,
          deployment_id: subject.deployment_id,
          body,
          scheduled_at: now.toISOString(),
        },
      };
      return options.record(
        command,
        {
          workspaceId,
          correlationId: event.metadata.correlation_id,
          causationId: event.id,
          now: now.toISOString(),
          eventId: (index) => deriveEventId(event.id, `webhooks:${deliveryId}`, index),
        },
        answered,
      );
    }),
  );
}

/** A new delivery's schedule, by itself. */
export async function recordSchedule(store: EventStore, command: ScheduleDelivery, context: CommandContext): Promise<ScheduledDeliveryRef> {
  const deliveryId = command.data.delivery_id;
  const result = await handleCommand(
    store,
    deliveryDecider,
    deliveryStreamName(deliveryId),
    (state) => (state.status === 'initial' ? command : null),
    context,
    // The id is new unless this event was handled before: then `no_stream` conflicts and the retry reads.
    { assumed: { state: deliveryDecider.initialState, revision: -1 } },
  );
  return { delivery_id: deliveryId, created: result.events.length > 0 && result.repeated !== true, folded: { state: result.state, revision: result.revision } };
}
