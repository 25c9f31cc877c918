import { deploymentStreamName } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import type { CancelDeployment } from '../domain/deployment.commands';
import { toDeploymentResource, type DeploymentResource } from '../domain/deployment.resource';
import type { RequestScope } from './create-deployment.handler';
import { deploymentDecider } from './deployment-decider';
import { assertInScope } from './deployment-scope';

export interface CancelDeploymentInput {
  /** The agent's own words; empty when it gave none. */
  reason: string;
}

/**
 * SPEC.md "POST /v1/deployments/:id/cancel": the agent cancels. The decider allows it from
 * pending and accepted only (409 `deployment_not_cancellable` otherwise). Releasing reserved
 * credits is the ledger's reaction to `deployment.cancelled`, not this handler's.
 */
export async function cancelDeployment(
  store: EventStore,
  scope: RequestScope,
  deploymentId: string,
  input: CancelDeploymentInput,
): Promise<DeploymentResource> {
  const now = scope.now.toISOString();
  const result = await handleCommand(
    store,
    deploymentDecider,
    deploymentStreamName(deploymentId),
    // Checked on the folded state inside the retry loop, so scope and state are read together.
    (state): CancelDeployment => {
      assertInScope(state, scope, deploymentId);
      return { type: 'cancel', by: 'agent', reason: input.reason, partialOutput: null, now };
    },
    { workspaceId: scope.workspaceId, correlationId: scope.requestId, causationId: null, now },
  );
  return toDeploymentResource(result.state);
}
