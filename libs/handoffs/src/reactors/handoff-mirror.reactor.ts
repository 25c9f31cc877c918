import { isPublicEventType } from '@eh/contracts';
import type { EventStore, RecordedEvent } from '@eh/event-store';
import { syncHandoff } from '../application/sync-handoff.handler';

/**
 * Handoffs mirror their deployment (issue 8; durable consumer `router-handoffs`, a name kept from
 * when the router's main wired it): every public
 * deployment event (a state change) is mirrored into the handoff that opened the deployment,
 * as the deployment stood at that event. Events of plain deployments find no handoff and do
 * nothing. Ids derive from the deployment event, and a revision already mirrored is skipped,
 * so redeliveries and out-of-order events append nothing twice and never move a handoff back.
 */
export async function reactToDeploymentForHandoff(store: EventStore, event: RecordedEvent): Promise<void> {
  if (!event.streamName.startsWith('deployment-')) return;
  await syncHandoff(store, event.streamName.slice('deployment-'.length), event.streamRevision);
}

/** Routing events (offers) change nothing a handoff shows: acked without a database round trip. */
export const handoffReactorAccepts = (event: RecordedEvent): boolean => event.type.startsWith('deployment.') && isPublicEventType(event.type);
