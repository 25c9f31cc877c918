import { isPublicEventType, type DeploymentEvent } from '@eh/contracts';
import type { DeploymentState } from '@eh/deployments';
import type { EventStore, FollowedStreams, ReactorOutcome, RecordedEvent } from '@eh/event-store';
import { syncHandoff } from '../application/sync-handoff.handler';

/**
 * Handoffs mirror their deployment (on the deliveries of `router-deployments` in the
 * router, its own durable `router-handoffs` elsewhere): every public deployment event (a state
 * change) brings the handoff that opened the deployment up to that event, step by step
 * (syncHandoff). Events of plain deployments find no handoff and do nothing. Ids derive from
 * each step's deployment event, and a revision already mirrored is skipped, so redeliveries and
 * out-of-order events append nothing twice and never move a handoff back.
 */
export async function reactToDeploymentForHandoff(
  store: EventStore,
  event: RecordedEvent,
  followed?: FollowedStreams<DeploymentEvent, DeploymentState>,
): Promise<ReactorOutcome> {
  if (!event.streamName.startsWith('deployment-')) return 'nothing_done';
  // Every event feeds the fold, so most deployments, opened by no handoff, cost no read.
  // Events of one stream may come out of order (several pullers): a fold at another revision
  // still tells, since whether a handoff opened the deployment is fixed at its creation.
  const known = followed?.at(event) ?? followed?.get(event.streamName);
  if (!handoffReactorAccepts(event)) return 'nothing_done';
  if (known && (known.state.status === 'initial' || !known.state.details.handoff)) return 'nothing_done';
  await syncHandoff(store, event.streamName.slice('deployment-'.length), event.streamRevision);
}

/** Routing events (offers) change nothing a handoff shows: they only move the fold, no database round trip. */
export const handoffReactorAccepts = (event: RecordedEvent): boolean => event.type.startsWith('deployment.') && isPublicEventType(event.type);
