import { type KeyMode, type PublicEventType, type UsageThresholdReached, isPublicEventType } from '@eh/contracts';
import { deploymentDecider, toDeploymentResource, type DeploymentState } from '@eh/deployments';
import { foldRecorded, loadAggregate, type EventStore, type RecordedEvent } from '@eh/event-store';
import { handoffDecider, toHandoffResource, type HandoffState } from '@eh/handoffs';

/** What a public event is about, as it was right after it, and where it belongs. */
export interface EventSubject {
  object: unknown;
  metadata: Record<string, unknown>;
  deployment_id: string | null;
  /** The deployment's own `webhook_url`, which is sent every event of it. */
  override: string | null;
  /** Test or live: a deployment's or handoff's mode; usage is live (test mode draws no credits). */
  mode: KeyMode;
}

/** The webhook body as an object (the events API and the live streams show the same thing). */
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

function deploymentSubject(state: DeploymentState): EventSubject | null {
  if (state.status === 'initial') return null;
  const resource = toDeploymentResource(state);
  return { object: resource, metadata: resource.metadata, deployment_id: resource.id, override: resource.webhook_url, mode: state.details.mode };
}

/** The handoff as it was right after the event; handoffs take no webhook_url. */
function handoffSubject(state: HandoffState): EventSubject | null {
  if (state.status === 'initial') return null;
  const resource = toHandoffResource(state);
  return { object: resource, metadata: resource.metadata, deployment_id: resource.deployment_id, override: null, mode: state.details.mode };
}

/** Where a public event's subject state comes from: the stream read back (subjectOf), or a fold kept in memory (SubjectFolds). */
export interface SubjectStates {
  /** The stream's state right after `event` (folded up to its revision). */
  deploymentAt(event: RecordedEvent): Promise<DeploymentState>;
  handoffAt(event: RecordedEvent): Promise<HandoffState>;
}

/** How each kind of public event finds what it is about; null for any other event. */
export async function subjectFrom(event: RecordedEvent, states: SubjectStates): Promise<EventSubject | null> {
  if (!isPublicEventType(event.type)) return null;
  // A usage event carries its subject: the account's figures, live (test mode draws no credits).
  if (event.type === 'usage.threshold_reached')
    return { object: event.data as UsageThresholdReached['data'], metadata: {}, deployment_id: null, override: null, mode: 'live' };
  if (event.type.startsWith('handoff.')) return handoffSubject(await states.handoffAt(event));
  return event.type.startsWith('deployment.') ? deploymentSubject(await states.deploymentAt(event)) : null;
}

/** The subject read back from the store, each stream folded up to the event's own revision. */
export function subjectOf(store: EventStore, event: RecordedEvent): Promise<EventSubject | null> {
  return subjectFrom(event, {
    deploymentAt: async (at) => (await loadAggregate(store, at.streamName, { ...deploymentDecider, to: at.streamRevision })).state,
    handoffAt: async (at) => (await loadAggregate(store, at.streamName, { ...handoffDecider, to: at.streamRevision })).state,
  });
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

/**
 * Subject states for a batch of events read together (a replay's page): each stream is read once
 * and folded forward event by event, where `subjectOf` reads and folds the stream again for every
 * event (one statement per event: a replay of 1,000 events was 1,000 reads).
 */
export class BatchSubjectStates implements SubjectStates {
  private readonly streams = new Map<string, { events: readonly RecordedEvent[]; next: number; state: unknown }>();

  constructor(private readonly store: EventStore) {}

  deploymentAt(event: RecordedEvent): Promise<DeploymentState> {
    return this.stateAt(event, deploymentDecider) as Promise<DeploymentState>;
  }

  handoffAt(event: RecordedEvent): Promise<HandoffState> {
    return this.stateAt(event, handoffDecider) as Promise<HandoffState>;
  }

  private async stateAt<State>(event: RecordedEvent, fold: { initialState: State; evolve: (state: State, event: never) => State }): Promise<State> {
    let entry = this.streams.get(event.streamName);
    // Not read yet, or read before this event was appended: read, and fold from the start.
    if (!entry || event.streamRevision >= entry.events.length) {
      entry = { events: await this.store.read(event.streamName), next: 0, state: fold.initialState };
      this.streams.set(event.streamName, entry);
    }
    // Asked for an earlier revision (a list walked newest first): fold again from the start, in memory.
    if (event.streamRevision < entry.next - 1) {
      entry.next = 0;
      entry.state = fold.initialState;
    }
    const upTo = entry.events.filter((recorded) => recorded.streamRevision <= event.streamRevision && recorded.streamRevision >= entry.next);
    entry.state = foldRecorded(upTo, fold as never, entry.state as State);
    entry.next = event.streamRevision + 1;
    return entry.state as State;
  }
}
