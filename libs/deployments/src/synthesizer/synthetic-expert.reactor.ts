import { deriveEventId } from '@eh/contracts';
import { handleCommand, type EventStore, type FollowedStreams, type RecordedEvent } from '@eh/event-store';
import type { DeploymentEvent } from '@eh/contracts';
import type { DeploymentState } from '../domain/deployment.state';
import { deploymentDecider } from '../application/deployment-decider';
import { nextSyntheticStep, type SyntheticExpertOptions } from './synthetic-expert';

/**
 * Plays the expert for test-mode deployments: each deployment event leads to the next step of
 * the deployment's script (libs/deployments synthesizer/test-script.ts). It acts only when the
 * event is still the stream's latest, so a redelivered old event does nothing; ids derive from
 * the event, so a retried step appends nothing twice.
 */
export async function reactToDeploymentEvent(
  store: EventStore,
  event: RecordedEvent,
  options: SyntheticExpertOptions,
  followed?: FollowedStreams<DeploymentEvent, DeploymentState>,
): Promise<void> {
  if (!event.streamName.startsWith('deployment-')) return;
  const assumed = followed?.at(event);
  // Live work is the experts': the followed fold says so without reading the stream.
  if (assumed && (assumed.state.status === 'initial' || assumed.state.details.mode !== 'test')) return;
  await handleCommand(
    store,
    deploymentDecider,
    event.streamName,
    (state, revision) => (revision === event.streamRevision ? nextSyntheticStep(state, new Date(), options) : null),
    {
      workspaceId: event.metadata.workspace_id,
      correlationId: event.metadata.correlation_id,
      causationId: event.id,
      now: new Date().toISOString(),
      eventId: (index) => deriveEventId(event.id, 'synthesizer', index),
    },
    { assumed, snapshots: followed },
  );
}
