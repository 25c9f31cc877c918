import type { DeploymentEvent } from '@eh/contracts';
import { isTerminal, reactToDeploymentEvent, type DeploymentState } from '@eh/deployments';
import type { FollowedStreams, RecordedEvent } from '@eh/event-store';
import { offerDeployment, type OfferDeps } from '../application/offer-deployment.handler';
import type { FinishedAtBirth } from './finished-at-birth';

export interface DeploymentReactorDeps extends OfferDeps {
  /** DeploymentTimers (adapters/deployment-timers.ts): brings a deployment's timers into BullMQ. */
  timers: { syncDeployment(deploymentId: string, options: { finished: boolean; state?: DeploymentState }): Promise<void> };
  replyWindowSeconds: number;
  /** The deployments' folds this process keeps from event to event, so most events cost no stream read. */
  followed?: FollowedStreams<DeploymentEvent, DeploymentState>;
  /** Deployments this process took from creation to their end in one append: no timer to remove. */
  finishedAtBirth?: FinishedAtBirth;
}

/**
 * The router's reaction to every deployment event (durable consumer `router-deployments`,
 * shared by all replicas): take the next step, the synthetic expert's for test mode, the next
 * offer for live, then bring the deployment's timers into BullMQ unless that step appended.
 * Both steps act only when the event is still the stream's latest, and append with the
 * expected revision, so a redelivery or a second replica changes nothing; an event known to be
 * superseded is skipped whole.
 */
export async function reactToDeployment(deps: DeploymentReactorDeps, event: RecordedEvent): Promise<void> {
  if (!event.streamName.startsWith('deployment-')) return;
  const deploymentId = event.streamName.slice('deployment-'.length);
  // A fold already past the event (this process appended after it) says the event is not the
  // latest without a read. Every step below acts on the latest only, and that event's
  // own handling syncs the timers as they then stand.
  const ahead = deps.followed?.get(event.streamName);
  if (ahead && ahead.revision > event.streamRevision) return;
  try {
    await reactToDeploymentEvent(deps.store, event, { replyWindowSeconds: deps.replyWindowSeconds }, deps.followed);
    const cause = { eventId: event.id, correlationId: event.metadata.correlation_id, revision: event.streamRevision };
    await offerDeployment(deps, deploymentId, cause, new Date(), deps.followed);
  } finally {
    // A step taken here appended events that will come back through this durable, and the latest
    // of them syncs the timers: syncing now would be undone at once (a test deployment
    // completes in the step its creation triggers). Otherwise this event is the latest: sync.
    const after = deps.followed?.get(event.streamName);
    if (after && after.revision > event.streamRevision) {
      if (event.streamRevision === 0 && isTerminal(after.state)) deps.finishedAtBirth?.add(event.streamName);
    } else {
      // A terminal fold is the stream's last word whatever revision it is at: the timers to
      // remove are known without reading the view. Redis holds only what can be
      // rebuilt: if it is down, the next reconcile pass schedules these timers, and routing goes
      // on rather than wait for it.
      const finished = after !== undefined && isTerminal(after.state);
      const neverTimed = finished && deps.finishedAtBirth?.delete(event.streamName) === true;
      // A fold at this event implies the timers the view was written with: no read.
      const state = !finished && after?.revision === event.streamRevision ? after.state : undefined;
      if (!neverTimed)
        await deps.timers
          .syncDeployment(deploymentId, { finished, state })
          .catch((error: unknown) => console.error(`router: timers of ${deploymentId} not synced`, error));
    }
  }
}
