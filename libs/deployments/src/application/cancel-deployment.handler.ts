import type { EventStore } from '@eh/event-store';
import type { DeploymentResource } from '../domain/deployment.resource';
import { runAgentCommand } from './agent-command';
import type { RequestScope } from './create-deployment.handler';

export interface CancelDeploymentInput {
  /** The agent's own words; empty when it gave none. */
  reason: string;
}

/**
 * POST /v1/deployments/:id/cancel: the agent cancels. The decider allows it from
 * pending and accepted only (409 `deployment_not_cancellable` otherwise). Releasing reserved
 * credits is the ledger's reaction to `deployment.cancelled`, not this handler's.
 */
export function cancelDeployment(store: EventStore, scope: RequestScope, deploymentId: string, input: CancelDeploymentInput): Promise<DeploymentResource> {
  return runAgentCommand(store, scope, deploymentId, (now) => ({ type: 'cancel', by: 'agent', reason: input.reason, partialOutput: null, now }));
}
