import type { KeyMode } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import type { HandoffResource } from '../domain/handoff.resource';

/** A key sees only its own workspace's and mode's handoffs; anything else is absent (404). */
export async function findHandoff(sql: SqlClient, scope: { workspaceId: string; mode: KeyMode }, handoffId: string): Promise<HandoffResource | null> {
  const { rows } = await sql.query<{ resource: HandoffResource }>('SELECT resource FROM handoffs_view WHERE id = $1 AND workspace_id = $2 AND mode = $3', [
    handoffId,
    scope.workspaceId,
    scope.mode,
  ]);
  return rows[0]?.resource ?? null;
}
