import type { EventStore } from '@eh/event-store';
import type { DeploymentResource } from '../domain/deployment.resource';
import { runAgentCommand } from './agent-command';
import type { RequestScope } from './create-deployment.handler';

export interface GiveFeedbackInput {
  rating: number;
  comment: string | null;
}

/**
 * `POST /v1/deployments/:id/feedback`: the agent rates completed work, once (the decider's rules:
 * a second identical call answers as the first, a different one is 409). The rating reaches the
 * expert's brief-fit for this workspace through the roster's read model, in the same append.
 */
export function giveFeedback(store: EventStore, scope: RequestScope, deploymentId: string, input: GiveFeedbackInput): Promise<DeploymentResource> {
  return runAgentCommand(store, scope, deploymentId, (now) => ({ type: 'give_feedback', rating: input.rating, comment: input.comment, now }));
}
