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

/**
 * Whose a deployment is, for callers that are not the workspace (the expert API reads the
 * workspace's brand memory through it, issue 8). Only after the caller's own access check.
 */
export async function findDeploymentScope(sql: SqlClient, deploymentId: string): Promise<{ workspaceId: string; mode: KeyMode } | null> {
  const { rows } = await sql.query<{ workspace_id: string; mode: KeyMode }>('SELECT workspace_id, mode FROM deployments_view WHERE id = $1', [deploymentId]);
  return rows[0] ? { workspaceId: rows[0].workspace_id, mode: rows[0].mode } : null;
}
