import type { KeyMode } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';

export interface WorkspaceSummary {
  id: string;
  name: string;
  created_at: string;
  keys: { key_id: string; mode: KeyMode; last4: string; issued_at: string; revoked_at: string | null }[];
}

/** For operations: the workspace and its keys' metadata (never the keys). */
export async function findWorkspace(sql: SqlClient, workspaceId: string): Promise<WorkspaceSummary | null> {
  const workspace = await sql.query<{ id: string; name: string; created_at: Date }>('SELECT id, name, created_at FROM workspaces_view WHERE id = $1', [
    workspaceId,
  ]);
  const row = workspace.rows[0];
  if (!row) return null;
  const keys = await sql.query<{ key_id: string; mode: KeyMode; last4: string; issued_at: Date; revoked_at: Date | null }>(
    'SELECT key_id, mode, last4, issued_at, revoked_at FROM api_keys_view WHERE workspace_id = $1 ORDER BY issued_at, key_id',
    [workspaceId],
  );
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    keys: keys.rows.map((key) => ({ ...key, issued_at: key.issued_at.toISOString(), revoked_at: key.revoked_at?.toISOString() ?? null })),
  };
}
