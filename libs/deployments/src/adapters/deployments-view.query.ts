import type { SqlClient } from '@eh/platform';
import type { KeyMode } from '@eh/contracts';
import type { DeploymentResource } from '../domain/deployment.resource';

/** A workspace sees only its own deployments, and a key sees only its own mode's. */
export async function findDeployment(
  sql: SqlClient,
  scope: { workspaceId: string; mode: KeyMode },
  deploymentId: string,
): Promise<DeploymentResource | null> {
  const { rows } = await sql.query<{ resource: DeploymentResource }>(
    'SELECT resource FROM deployments_view WHERE id = $1 AND workspace_id = $2 AND mode = $3',
    [deploymentId, scope.workspaceId, scope.mode],
  );
  return rows[0]?.resource ?? null;
}
