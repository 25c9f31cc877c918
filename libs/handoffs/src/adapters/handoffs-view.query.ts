import type { KeyMode } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import type { HandoffResource } from '../domain/handoff.resource';

/**
 * A key sees only its own workspace's and mode's handoffs; anything else is absent (404). By the
 * primary key alone, the scope compared here: see findDeployment.
 */
export async function findHandoff(sql: SqlClient, scope: { workspaceId: string; mode: KeyMode }, handoffId: string): Promise<HandoffResource | null> {
  const { rows } = await sql.query<{ resource: HandoffResource; workspace_id: string; mode: KeyMode }>(
    'SELECT resource, workspace_id, mode FROM handoffs_view WHERE id = $1',
    [handoffId],
  );
  const row = rows[0];
  return row && row.workspace_id === scope.workspaceId && row.mode === scope.mode ? row.resource : null;
}
