import { deploymentStreamName, deriveEventId, handoffStreamName } from '@eh/contracts';
import { deploymentDecider } from '@eh/deployments';
import { foldRecorded, handleCommand, loadAggregate, type EventStore, type RecordedEvent } from '@eh/event-store';
import { fitsInMemory, priorOutputKey, putMemoryEntry } from '@eh/memory';
import { type DeploymentSnapshot, handoffDecider } from '../domain/handoff.decider';
import { isFinished, type ExistingHandoff, type HandoffState } from '../domain/handoff.state';
import { deploymentSnapshot } from './deployment-snapshot';

/**
 * Mirrors a deployment into the handoff that opened it, up to the deployment's event at
 * `upToRevision` (default: its latest). Called by the router's reactor for each deployment event
 * and by the gateway right after opening, so a change that happened before the handoff existed
 * is never missed. Every deployment event past the handoff's mirrored revision is walked in order
 *: the router's pullers may take a later event first, and the handoff still passes
 * through each state, whichever event arrives first. Every id and time derives from the
 * deployment event of that step: two callers mirroring the same step append its events once.
 * Returns the handoff's state, or null when the deployment belongs to no opened handoff.
 */
export async function syncHandoff(store: EventStore, deploymentId: string, upToRevision?: number): Promise<HandoffState | null> {
  const { state: deployment, events: history } = await loadAggregate(store, deploymentStreamName(deploymentId), { ...deploymentDecider, to: upToRevision });
  if (deployment.status === 'initial' || !deployment.details.handoff) return null;
  const handoffId = deployment.details.handoff.handoff_id;
  const loaded = await loadAggregate(store, handoffStreamName(handoffId), handoffDecider);
  if (loaded.state.status === 'initial') return null;
  let handoff: { state: HandoffState; revision: number } = { state: loaded.state, revision: loaded.revision };
  let folded = deploymentDecider.initialState;
  for (const cause of history) {
    folded = foldRecorded([cause], deploymentDecider, folded);
    const current = handoff.state;
    if (current.status === 'initial' || isFinished(current)) break;
    if (cause.streamRevision <= current.deployment_revision || folded.status === 'initial') continue;
    const snapshot = deploymentSnapshot(folded, cause.streamRevision);
    const command = { type: 'mirror' as const, deployment: snapshot, memoryEntryKey: null, now: cause.metadata.occurred_at };
    // Most steps change no status (an offer, `in_progress` after `accepted`): decided here, without a round trip.
    if (handoffDecider.decide(command, current).length === 0) continue;
    const memoryEntryKey = await saveByPolicy(store, current, snapshot, cause);
    const result = await handleCommand(
      store,
      handoffDecider,
      handoffStreamName(handoffId),
      { ...command, memoryEntryKey },
      {
        workspaceId: current.details.workspace_id,
        correlationId: cause.metadata.correlation_id,
        causationId: cause.id,
        now: cause.metadata.occurred_at,
        eventId: (index) => deriveEventId(cause.id, `handoff:${handoffId}`, index),
      },
      { assumed: handoff },
    );
    handoff = { state: result.state, revision: result.revision };
  }
  return handoff.state;
}

/**
 * `policy: save_to_memory`: the delivered artifact becomes the `prior_output` entry
 * `prior-output.<hnd_id>` of the handoff's own workspace and mode, before `handoff.ready`
 * is appended, so `memory_event: true` is never shown for an entry not yet there. A retry
 * writes the same body again, which appends nothing. An artifact over the 100 KB memory
 * limit is not saved (`memory_event` stays false).
 */
async function saveByPolicy(store: EventStore, handoff: ExistingHandoff, snapshot: DeploymentSnapshot, cause: RecordedEvent): Promise<string | null> {
  if (snapshot.status !== 'completed' || snapshot.output === null || handoff.details.policy !== 'save_to_memory') return null;
  if (!fitsInMemory(snapshot.output.body)) return null;
  const { handoff_id, deployment_id, workspace_id, mode } = handoff.details;
  const key = priorOutputKey(handoff_id);
  await putMemoryEntry(
    store,
    {
      workspaceId: workspace_id,
      mode,
      requestId: cause.metadata.correlation_id,
      now: new Date(cause.metadata.occurred_at),
      causationId: cause.id,
      eventId: (index) => deriveEventId(cause.id, `handoff-memory:${handoff_id}`, index),
    },
    { key, kind: 'prior_output', body: snapshot.output.body, source: { deployment_id, handoff_id } },
  );
  return key;
}
