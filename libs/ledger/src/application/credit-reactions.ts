import { deriveEventId, type DeploymentEvent, type WorkspaceEvent } from '@eh/contracts';
import { toDomainEvent, type RecordedEvent } from '@eh/event-store';
import type { AccountCommand } from '../domain/account.commands';
import type { AccountRunner } from './account-runner';

/**
 * What a deployment event means for its workspace's credits:
 * created (live) → confirm; cancelled, expired → release in full; completed → settle to the
 * reported charge. Test-mode deployments hold nothing, so their events find no reservation
 * and change nothing.
 */
export function accountCommandFor(event: RecordedEvent, now: string): AccountCommand | null {
  const deployment = toDomainEvent<DeploymentEvent>(event);
  const base = { workspaceId: event.metadata.workspace_id, now };
  switch (deployment.type) {
    case 'deployment.created':
      return deployment.data.mode === 'live' ? { ...base, type: 'confirm', deploymentId: deployment.data.deployment_id } : null;
    case 'deployment.cancelled':
      return { ...base, type: 'release', deploymentId: deployment.data.deployment_id, reason: 'cancelled' };
    case 'deployment.expired':
      return { ...base, type: 'release', deploymentId: deployment.data.deployment_id, reason: 'expired' };
    case 'deployment.completed':
      return { ...base, type: 'settle', deploymentId: deployment.data.deployment_id, reportedCharge: deployment.data.credits_charged };
    default:
      return null;
  }
}

/** A new workspace gets its account at once, its first cycle starting at the workspace's creation. */
export function accountCommandForWorkspace(event: RecordedEvent): AccountCommand | null {
  const workspace = toDomainEvent<WorkspaceEvent>(event);
  if (workspace.type !== 'workspace.created') return null;
  return { type: 'open', workspaceId: workspace.data.workspace_id, now: workspace.data.created_at };
}

/**
 * Runs the command a consumed event calls for. Event ids derive from the consumed event, so a
 * redelivery racing the first handling appends the same ids and the store keeps one copy;
 * a later redelivery finds nothing left to do (the decider returns no events).
 */
export async function applyCreditReaction(run: AccountRunner, event: RecordedEvent, command: AccountCommand | null): Promise<number> {
  if (!command) return 0;
  const result = await run(command, {
    correlationId: event.metadata.correlation_id,
    causationId: event.id,
    eventId: (index) => deriveEventId(event.id, 'ledger', index),
  });
  return result.events.length;
}
