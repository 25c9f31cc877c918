import type { EventStore } from '@eh/event-store';
import type { DeploymentResource } from '../domain/deployment.resource';
import { runAgentCommand } from './agent-command';
import type { RequestScope } from './create-deployment.handler';

/** The validated body of POST /v1/deployments/:id/reply; `context_files` absent is []. */
export interface ReplyToDeploymentInput {
  body: string;
  context_files: string[];
}

/**
 * POST /v1/deployments/:id/reply: answers the expert's question. The decider accepts
 * it only in needs_input (409 `deployment_not_awaiting_input` otherwise) and returns the
 * deployment to in_progress through `deployment.reply_received` (docs/decisions.md "Lifecycle").
 */
export function replyToDeployment(store: EventStore, scope: RequestScope, deploymentId: string, input: ReplyToDeploymentInput): Promise<DeploymentResource> {
  return runAgentCommand(store, scope, deploymentId, (now) => ({ type: 'reply', body: input.body, contextFiles: input.context_files, now }));
}
