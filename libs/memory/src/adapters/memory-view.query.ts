import type { KeyMode, MemoryKind, MemorySource } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import type { MemoryEntryResource } from '../domain/memory-entry.resource';

/** Every read is scoped to one workspace and mode: nothing crosses workspaces. */
export interface MemoryReadScope {
  workspaceId: string;
  mode: KeyMode;
}

interface Row {
  key: string;
  kind: MemoryKind;
  body: string;
  source: MemorySource | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'key, kind, body, source, created_at, updated_at';

const toResource = (row: Row): MemoryEntryResource => ({
  object: 'memory_entry',
  key: row.key,
  kind: row.kind,
  body: row.body,
  source: row.source,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export async function findMemoryEntry(sql: SqlClient, scope: MemoryReadScope, key: string): Promise<MemoryEntryResource | null> {
  const { rows } = await sql.query<Row>(`SELECT ${COLUMNS} FROM memory_entries_view WHERE workspace_id = $1 AND mode = $2 AND key = $3`, [
    scope.workspaceId,
    scope.mode,
    key,
  ]);
  return rows[0] ? toResource(rows[0]) : null;
}

export interface MemoryPage {
  entries: MemoryEntryResource[];
  hasMore: boolean;
}

/** Key order (bytewise), keyset after `after`; one row more than asked tells whether a next page exists. */
export async function listMemoryEntries(
  sql: SqlClient,
  scope: MemoryReadScope,
  options: { kind: MemoryKind | null; after: string | null; limit: number },
): Promise<MemoryPage> {
  const { rows } = await sql.query<Row>(
    `SELECT ${COLUMNS} FROM memory_entries_view
      WHERE workspace_id = $1 AND mode = $2 AND ($3::text IS NULL OR kind = $3) AND ($4::text IS NULL OR key > $4)
      ORDER BY key LIMIT $5`,
    [scope.workspaceId, scope.mode, options.kind, options.after, options.limit + 1],
  );
  return { entries: rows.slice(0, options.limit).map(toResource), hasMore: rows.length > options.limit };
}

/** The entries among `keys` that exist, in the order of `keys`. */
export async function findMemoryEntries(sql: SqlClient, scope: MemoryReadScope, keys: readonly string[]): Promise<MemoryEntryResource[]> {
  if (keys.length === 0) return [];
  const { rows } = await sql.query<Row>(`SELECT ${COLUMNS} FROM memory_entries_view WHERE workspace_id = $1 AND mode = $2 AND key = ANY($3::text[])`, [
    scope.workspaceId,
    scope.mode,
    [...keys],
  ]);
  const byKey = new Map(rows.map((row) => [row.key, toResource(row)]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

/**
 * What the expert working a deployment reads besides the entries the handoff named: standing
 * guidance first (positioning, voice, other), then the newest prior outputs, at most `limit`.
 */
export async function memoryBeyond(sql: SqlClient, scope: MemoryReadScope, exclude: readonly string[], limit: number): Promise<MemoryEntryResource[]> {
  const { rows } = await sql.query<Row>(
    `SELECT ${COLUMNS} FROM memory_entries_view
      WHERE workspace_id = $1 AND mode = $2 AND NOT (key = ANY($3::text[]))
      ORDER BY CASE kind WHEN 'positioning' THEN 0 WHEN 'voice' THEN 1 WHEN 'other' THEN 2 ELSE 3 END, updated_at DESC, key
      LIMIT $4`,
    [scope.workspaceId, scope.mode, [...exclude], limit],
  );
  return rows.map(toResource);
}
