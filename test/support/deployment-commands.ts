import { deploymentStreamName, newId, type DeploymentCreated } from '@eh/contracts';
import { plainDeploymentData } from '@eh/contracts/testing';
import { deploymentDecider, type DeploymentCommand } from '@eh/deployments';
import { handleCommand, type EventStore } from '@eh/event-store';

/** What an integration test says of a live deployment it creates: the rest is a plain request's. */
type Created = Pick<DeploymentCreated['data'], 'brief' | 'skills' | 'sla_deadline' | 'credits_reserved'> & Partial<DeploymentCreated['data']>;

/**
 * Deployment commands through the real decider, straight into an integration test's store, all in
 * one workspace at one time: for the read-model tests that follow what deployments do. `store` is
 * asked for on each call, as the test opens its database only before its first test.
 */
export function deploymentCommands(store: () => EventStore, workspaceId: string, now: string) {
  const run = (id: string, command: DeploymentCommand) =>
    handleCommand(store(), deploymentDecider, deploymentStreamName(id), command, { workspaceId, correlationId: 'int', causationId: null, now });
  /** A live deployment created at `now`; returns its id. */
  async function create(given: Created): Promise<string> {
    const id = newId('deployment');
    await run(id, { type: 'create', data: plainDeploymentData({ deployment_id: id, workspace_id: workspaceId, mode: 'live', created_at: now, ...given }) });
    return id;
  }
  return { run, create };
}
