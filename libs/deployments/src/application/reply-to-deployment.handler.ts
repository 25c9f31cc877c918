import { deploymentStreamName } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import type { ReplyToQuestion } from '../domain/deployment.commands';
import { toDeploymentResource, type DeploymentResource } from '../domain/deployment.resource';
import type { RequestScope } from './create-deployment.handler';
import { deploymentDecider } from './deployment-decider';
import { assertInScope } from './deployment-scope';

/** The validated body of POST /v1/deployments/:id/reply; `context_files` absent is []. */
export interface ReplyToDeploymentInput {
  body: string;
  context_files: string[];
}

/**
 * SPEC.md "POST /v1/deployments/:id/reply": answers the expert's question. The decider accepts
 * it only in needs_input (409 `deployment_not_awaiting_input` otherwise) and returns the
 * deployment to in_progress through `deployment.reply_received` (docs/decisions.md "Lifecycle").
 */
export async function replyToDeployment(
  store: EventStore,
  scope: RequestScope,
  deploymentId: string,
  input: ReplyToDeploymentInput,
): Promise<DeploymentResource> {
  const now = scope.now.toISOString();
  const result = await handleCommand(
    store,
    deploymentDecider,
    deploymentStreamName(deploymentId),
    (state): ReplyToQuestion => {
      assertInScope(state, scope, deploymentId);
      return { type: 'reply', body: input.body, contextFiles: input.context_files, now };
    },
    { workspaceId: scope.workspaceId, correlationId: scope.requestId, causationId: null, now },
  );
  return toDeploymentResource(result.state);
}
