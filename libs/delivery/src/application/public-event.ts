import { type KeyMode, type PublicEventType, type UsageThresholdReached, isPublicEventType } from '@eh/contracts';
import { deploymentDecider, toDeploymentResource, type DeploymentState } from '@eh/deployments';
import { foldRecorded, loadAggregate, type EventStore, type RecordedEvent } from '@eh/event-store';
import { handoffDecider, toHandoffResource, type HandoffState } from '@eh/handoffs';

/** What a public event is about, as it was right after it (issue 6), and where it belongs (issue 13). */
export interface EventSubject {
  object: unknown;
  metadata: Record<string, unknown>;
  deployment_id: string | null;
  /** The deployment's own `webhook_url`, which is sent every event of it. */
  override: string | null;
  /** Test or live: a deployment's or handoff's mode; usage is live (test mode draws no credits). */
  mode: KeyMode;
}

/** The webhook body as an object (issue 13: the events API and the live streams show the same thing). */
export interface PublicEventBody {
  id: string;
  object: 'event';
  type: PublicEventType;
  created_at: string;
  sequence: number;
  data: { object: unknown };
  metadata: Record<string, unknown>;
}

/** The deployment as it was right after the last of `history` (its stream folded up to there). */
export function deploymentSubjectAt(history: readonly RecordedEvent[]): EventSubject | null {
  return deploymentSubject(foldRecorded(history, deploymentDecider));
}

export function deploymentSubject(state: DeploymentState): EventSubject | null {
  if (state.status === 'initial') return null;
  const resource = toDeploymentResource(state);
  return { object: resource, metadata: resource.metadata, deployment_id: resource.id, override: resource.webhook_url, mode: state.details.mode };
}

/** The handoff as it was right after the event (issue 8); handoffs take no webhook_url. */
export function handoffSubject(state: HandoffState): EventSubject | null {
  if (state.status === 'initial') return null;
  const resource = toHandoffResource(state);
  return { object: resource, metadata: resource.metadata, deployment_id: resource.deployment_id, override: null, mode: state.details.mode };
}

/** A usage event carries its subject: the account's figures, live (test mode draws no credits). */
export function usageSubject(event: RecordedEvent): EventSubject {
  return { object: event.data as UsageThresholdReached['data'], metadata: {}, deployment_id: null, override: null, mode: 'live' };
}

/** How each kind of public event finds what it is about; null for any other event. */
export async function subjectOf(store: EventStore, event: RecordedEvent): Promise<EventSubject | null> {
  if (!isPublicEventType(event.type)) return null;
  if (event.type === 'usage.threshold_reached') return usageSubject(event);
  // Each stream folded up to the event's own revision: the subject as it was right after it.
  if (event.type.startsWith('handoff.')) return handoffSubject((await loadAggregate(store, event.streamName, { ...handoffDecider, to: event.streamRevision })).state);
  return event.type.startsWith('deployment.') ? deploymentSubject((await loadAggregate(store, event.streamName, { ...deploymentDecider, to: event.streamRevision })).state) : null;
}

/** The body every destination of the event receives, and every reader of the events API sees. */
export function publicEventBody(event: RecordedEvent, subject: EventSubject, object: unknown = subject.object): PublicEventBody {
  return {
    id: event.id,
    object: 'event',
    type: event.type as PublicEventType,
    created_at: event.metadata.occurred_at,
    sequence: event.streamRevision,
    data: { object },
    metadata: subject.metadata,
  };
}
