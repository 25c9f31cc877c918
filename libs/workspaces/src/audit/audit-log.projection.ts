import type { KeyMode } from '@eh/contracts';
import type { InlineProjection } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { AUDITED_EVENT_TYPES, auditEntryOf, type AuditEntry } from './audit-entry';

/** An event that does not carry its mode finds it on the thing it changed (issue 13). */
async function modeOfTarget(entry: AuditEntry, tx: SqlClient): Promise<KeyMode | null> {
  if (entry.mode !== null || entry.target.id === null) return entry.mode;
  const lookup: Record<string, string> = {
    api_key: 'SELECT mode FROM api_keys_view WHERE key_id = $1',
    webhook_endpoint: 'SELECT mode FROM webhook_endpoints_view WHERE endpoint_id = $1',
  };
  const query = lookup[entry.target.kind];
  if (!query) return null;
  const { rows } = await tx.query<{ mode: KeyMode | null }>(query, [entry.target.id]);
  return rows[0]?.mode ?? null;
}

/** Inline: an owner sees a change in the log as soon as it is made. */
export const auditLogProjection: InlineProjection = {
  name: 'audit_log_view',
  handles: AUDITED_EVENT_TYPES,
  // It reads the mode of keys and endpoints from their views, as of this append.
  readsOtherReadModels: true,
  async apply(events, tx) {
    for (const event of events) {
      const entry = auditEntryOf({ id: event.id, type: event.type, data: event.data as Record<string, unknown>, workspace_id: event.metadata.workspace_id, occurred_at: event.metadata.occurred_at });
      if (!entry) continue;
      const withMode = { ...entry, mode: await modeOfTarget(entry, tx) };
      await tx.query('INSERT INTO audit_log_view (event_id, workspace_id, action, occurred_at, entry) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING', [
        entry.id,
        entry.workspace_id,
        entry.action,
        entry.occurred_at,
        JSON.stringify(withMode),
      ]);
    }
  },
  async reset(tx) {
    await tx.query('TRUNCATE audit_log_view');
  },
};

/** Newest first, keyset on the row position; `before` is the position of the previous page's last row. */
export async function listAuditLog(sql: SqlClient, workspaceId: string, options: { limit: number; before?: number; action?: string }): Promise<{ entries: AuditEntry[]; last: number | null; more: boolean }> {
  const { rows } = await sql.query<{ position: string; entry: AuditEntry }>(
    `SELECT position, entry FROM audit_log_view
      WHERE workspace_id = $1 AND ($2::bigint IS NULL OR position < $2) AND ($3::text IS NULL OR action = $3)
      ORDER BY position DESC LIMIT $4`,
    [workspaceId, options.before ?? null, options.action ?? null, options.limit + 1],
  );
  const page = rows.slice(0, options.limit);
  return { entries: page.map((row) => row.entry), last: page.length > 0 ? Number(page[page.length - 1].position) : null, more: rows.length > options.limit };
}
