import { deploymentStreamName } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import type { DeploymentCommand } from '../domain/deployment.commands';
import { toDeploymentResource, type DeploymentResource } from '../domain/deployment.resource';
import type { RequestScope } from './create-deployment.handler';
import { deploymentDecider } from '../domain/deployment.decider';
import { assertInScope } from './deployment-scope';

/**
 * An agent's command on one of its deployments (cancel, reply): scope is checked on the folded
 * state inside the retry loop, so scope and state are read together; the answer is the
 * deployment after the change.
 */
export async function runAgentCommand(
  store: EventStore,
  scope: RequestScope,
  deploymentId: string,
  command: (now: string) => DeploymentCommand,
): Promise<DeploymentResource> {
  const now = scope.now.toISOString();
  const result = await handleCommand(
    store,
    deploymentDecider,
    deploymentStreamName(deploymentId),
    (state) => {
      assertInScope(state, scope, deploymentId);
      return command(now);
    },
    { workspaceId: scope.workspaceId, correlationId: scope.requestId, causationId: null, now },
  );
  return toDeploymentResource(result.state);
}
