import { DomainError, type KeyMode } from '@eh/contracts';
import type { DeploymentState, ExistingDeployment } from '../domain/deployment.state';

/**
 * A deployment of another workspace, or of the other key mode, is reported exactly like one that
 * does not exist (404), so ids reveal nothing across workspaces (docs/decisions.md, as GET does).
 */
export function assertInScope(
  state: DeploymentState,
  scope: { workspaceId: string; mode: KeyMode },
  deploymentId: string,
): asserts state is ExistingDeployment {
  if (state.status === 'initial' || state.details.workspace_id !== scope.workspaceId || state.details.mode !== scope.mode) {
    throw new DomainError('not_found', `no deployment ${deploymentId} in this workspace`, 'id');
  }
}
