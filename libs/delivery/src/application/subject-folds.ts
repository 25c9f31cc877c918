import type { DeploymentEvent, HandoffEvent } from '@eh/contracts';
import { deploymentDecider, type DeploymentState } from '@eh/deployments';
import { FollowedStreams, loadAggregate, type EventStore, type RecordedEvent, type StreamFold } from '@eh/event-store';
import { handoffDecider, type HandoffState } from '@eh/handoffs';
import { subjectFrom, type EventSubject } from './public-event';

const DEPLOYMENT_STREAM = 'deployment-';
const HANDOFF_STREAM = 'handoff-';

/** Whether the fan-out folds this event: every event of a deployment or handoff, public or not. */
export const isFollowedBySubjects = (event: RecordedEvent): boolean =>
  event.streamName.startsWith(DEPLOYMENT_STREAM) || event.streamName.startsWith(HANDOFF_STREAM);

/**
 * What a public event is about, folded from the events the fan-out sees instead of
 * read back from PostgreSQL for each one. Events are immutable and folded only in revision order
 * (FollowedStreams), so a fold is the same as the stream read up to that revision; one that
 * cannot continue (a gap, a restart, another puller ahead) is read and followed from there.
 */
export class SubjectFolds {
  private readonly deployments: FollowedStreams<DeploymentEvent, DeploymentState>;
  private readonly handoffs: FollowedStreams<HandoffEvent, HandoffState>;

  constructor(
    private readonly store: EventStore,
    capacity = 10_000,
  ) {
    this.deployments = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider, capacity);
    this.handoffs = new FollowedStreams<HandoffEvent, HandoffState>(handoffDecider, capacity);
  }

  /** Folds an event that is not public (offered, assigned …), so the next public one folds on. */
  follow(event: RecordedEvent): void {
    if (event.streamName.startsWith(DEPLOYMENT_STREAM)) this.deployments.at(event);
    else if (event.streamName.startsWith(HANDOFF_STREAM)) this.handoffs.at(event);
  }

  /** The public event's subject as it was right after it; null for an event with none. */
  subjectOf(event: RecordedEvent): Promise<EventSubject | null> {
    return subjectFrom(event, {
      deploymentAt: (at) => this.stateAt(this.deployments, deploymentDecider, at),
      handoffAt: (at) => this.stateAt(this.handoffs, handoffDecider, at),
    });
  }

  private async stateAt<E extends { type: string; data: unknown }, S>(
    followed: FollowedStreams<E, S>,
    fold: StreamFold<E, S>,
    event: RecordedEvent,
  ): Promise<S> {
    const folded = followed.at(event);
    if (folded) return folded.state;
    const loaded = await loadAggregate(this.store, event.streamName, { ...fold, to: event.streamRevision });
    // Followed from here only if it reached the event (a stream read short of it says nothing of later ones).
    if (loaded.revision === event.streamRevision) followed.set(event.streamName, { state: loaded.state, revision: loaded.revision });
    return loaded.state;
  }
}
