import type { SqlClient } from '@eh/platform';
import type { KeyMode } from '@eh/contracts';
import type { DeploymentResource } from '../domain/deployment.resource';

/**
 * A workspace sees only its own deployments, and a key sees only its own mode's. Looked up by the
 * primary key alone and the scope compared here: with the scope in the WHERE clause, the
 * generic plan of the named statement chose the (workspace_id, mode, …) index, whose scan grows
 * with the workspace (110 buffers per GET at 2,000 deployments, against 3 by the key).
 */
export async function findDeployment(sql: SqlClient, scope: { workspaceId: string; mode: KeyMode }, deploymentId: string): Promise<DeploymentResource | null> {
  // Only completed work can be followed up: for any other, the follow-ups are not looked for.
  const { rows } = await sql.query<{ resource: DeploymentResource; workspace_id: string; mode: KeyMode; follow_ups: string[] | null }>(
    `SELECT resource, workspace_id, mode,
       CASE WHEN status = 'completed' THEN (SELECT array_agg(f.id ORDER BY f.created_at, f.id) FROM deployments_view f WHERE f.follow_up_to = d.id) END AS follow_ups
     FROM deployments_view d WHERE id = $1`,
    [deploymentId],
  );
  const row = rows[0];
  if (!row || row.workspace_id !== scope.workspaceId || row.mode !== scope.mode) return null;
  return row.follow_ups ? { ...row.resource, follow_ups: row.follow_ups } : row.resource;
}

/**
 * Whose a deployment is, for callers that are not the workspace (the expert API reads the
 * workspace's brand memory through it). Only after the caller's own access check.
 */
export async function findDeploymentScope(sql: SqlClient, deploymentId: string): Promise<{ workspaceId: string; mode: KeyMode } | null> {
  const { rows } = await sql.query<{ workspace_id: string; mode: KeyMode }>('SELECT workspace_id, mode FROM deployments_view WHERE id = $1', [deploymentId]);
  return rows[0] ? { workspaceId: rows[0].workspace_id, mode: rows[0].mode } : null;
}
