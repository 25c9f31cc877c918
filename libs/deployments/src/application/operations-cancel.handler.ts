import { DomainError, deploymentStreamName } from '@eh/contracts';
import { handleCommand, loadAggregate, type EventStore } from '@eh/event-store';
import { toDeploymentResource, type DeploymentResource } from '../domain/deployment.resource';
import { deploymentDecider } from '../domain/deployment.decider';

/**
 * Service operations cancel a deployment, with a reason: from
 * pending, accepted, in_progress or needs_input (docs/decisions.md "Lifecycle"); the event says
 * `cancelled_by: operations` and carries the reason. Used by the admin API and the ops CLI.
 */
export async function cancelByOperations(
  store: EventStore,
  deploymentId: string,
  reason: string,
  now: Date,
  correlationId: string,
): Promise<DeploymentResource> {
  const stream = deploymentStreamName(deploymentId);
  const loaded = await loadAggregate(store, stream, deploymentDecider);
  const before = loaded.state;
  if (before.status === 'initial') throw new DomainError('not_found', `no deployment ${deploymentId}`, 'id');
  const at = now.toISOString();
  const result = await handleCommand(
    store,
    deploymentDecider,
    stream,
    { type: 'cancel', by: 'operations', reason, partialOutput: null, now: at },
    {
      // The deployment's workspace, so webhooks and the ledger see the cancellation where it belongs.
      workspaceId: before.details.workspace_id,
      correlationId,
      causationId: null,
      now: at,
    },
    // The first decision is taken on that read; the append still expects its revision.
    { assumed: loaded },
  );
  return toDeploymentResource(result.state);
}
