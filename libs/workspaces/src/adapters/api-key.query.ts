import type { KeyMode } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { hashApiKey, modeOfKey, sameHash } from './api-key';

export interface AuthenticatedKey {
  workspaceId: string;
  mode: KeyMode;
  keyId: string;
  /** What the audit log shows of the key (its name and last four characters). */
  label?: string;
}

/**
 * Looks a presented key up by its hash. The lookup never sees the key itself, and the stored
 * hash is compared again in constant time. The gateway keeps what this finds until a
 * revocation moves the `api_keys` change mark.
 */
export async function authenticateApiKey(sql: SqlClient, presented: string): Promise<AuthenticatedKey | null> {
  const mode = modeOfKey(presented);
  if (!mode) return null;
  const hash = hashApiKey(presented);
  const { rows } = await sql.query<{ key_hash: string; workspace_id: string; mode: KeyMode; key_id: string; name: string; last4: string }>(
    'SELECT key_hash, workspace_id, mode, key_id, name, last4 FROM api_keys_view WHERE key_hash = $1 AND revoked_at IS NULL',
    [hash],
  );
  const row = rows[0];
  if (!row || !sameHash(row.key_hash, hash) || row.mode !== mode) return null;
  return { workspaceId: row.workspace_id, mode: row.mode, keyId: row.key_id, label: `${row.name} (…${row.last4})` };
}

/** What the dashboard lists of a key (never the key, never its hash). */
export interface ApiKeyResource {
  object: 'api_key';
  id: string;
  mode: KeyMode;
  name: string;
  prefix: string;
  last4: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const ISO = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const KEY_SELECT = `SELECT k.key_id AS id, k.mode, k.name, k.last4, ${ISO('k.issued_at')} AS created_at, ${ISO('u.last_used_at')} AS last_used_at, ${ISO('k.revoked_at')} AS revoked_at
  FROM api_keys_view k LEFT JOIN api_key_usage u ON u.key_id = k.key_id`;
type KeyRow = Omit<ApiKeyResource, 'object' | 'prefix'>;
const toKeyResource = (row: KeyRow): ApiKeyResource => ({ object: 'api_key', ...row, prefix: `svc_${row.mode}_` });

/** A workspace's keys of one mode, newest first, revoked ones included. */
export async function listApiKeys(sql: SqlClient, workspaceId: string, mode: KeyMode): Promise<ApiKeyResource[]> {
  const { rows } = await sql.query<KeyRow>(`${KEY_SELECT} WHERE k.workspace_id = $1 AND k.mode = $2 ORDER BY k.issued_at DESC, k.key_id DESC`, [
    workspaceId,
    mode,
  ]);
  return rows.map(toKeyResource);
}

export async function findApiKey(sql: SqlClient, workspaceId: string, mode: KeyMode, keyId: string): Promise<ApiKeyResource | null> {
  const { rows } = await sql.query<KeyRow>(`${KEY_SELECT} WHERE k.workspace_id = $1 AND k.mode = $2 AND k.key_id = $3`, [workspaceId, mode, keyId]);
  return rows[0] ? toKeyResource(rows[0]) : null;
}
