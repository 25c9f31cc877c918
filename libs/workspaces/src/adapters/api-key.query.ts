import type { KeyMode } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { hashApiKey, modeOfKey, sameHash } from './api-key';

export interface AuthenticatedKey {
  workspaceId: string;
  mode: KeyMode;
  keyId: string;
}

/**
 * Looks a presented key up by its hash. The lookup never sees the key itself, and the stored
 * hash is compared again in constant time. No cache: a revoked key fails at once on every replica.
 */
export async function authenticateApiKey(sql: SqlClient, presented: string): Promise<AuthenticatedKey | null> {
  const mode = modeOfKey(presented);
  if (!mode) return null;
  const hash = hashApiKey(presented);
  const { rows } = await sql.query<{ key_hash: string; workspace_id: string; mode: KeyMode; key_id: string }>(
    'SELECT key_hash, workspace_id, mode, key_id FROM api_keys_view WHERE key_hash = $1 AND revoked_at IS NULL',
    [hash],
  );
  const row = rows[0];
  if (!row || !sameHash(row.key_hash, hash) || row.mode !== mode) return null;
  return { workspaceId: row.workspace_id, mode: row.mode, keyId: row.key_id };
}
