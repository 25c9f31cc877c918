import type { KeyMode } from '@eh/contracts';
import type { InlineProjection } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { AUDITED_EVENT_TYPES, auditEntryOf, type AuditEntry } from '../domain/audit-entry';

/**
 * An event that does not carry its mode, or a name for what it changed, finds them on the thing it
 * changed: a revoked key is named as it was issued ("CI (…a1b2)"), not "api key"; a changed or
 * deleted endpoint by its URL.
 */
async function completedTarget(entry: AuditEntry, tx: SqlClient): Promise<AuditEntry> {
  if ((entry.mode !== null && entry.target.label !== null) || entry.target.id === null) return entry;
  const lookup: Record<string, string> = {
    api_key: "SELECT mode, coalesce(name, 'Default') || ' (…' || last4 || ')' AS label FROM api_keys_view WHERE key_id = $1",
    webhook_endpoint: 'SELECT mode, url AS label FROM webhook_endpoints_view WHERE endpoint_id = $1',
  };
  const query = lookup[entry.target.kind];
  if (!query) return entry;
  const { rows } = await tx.query<{ mode: KeyMode | null; label: string | null }>(query, [entry.target.id]);
  const found = rows[0];
  if (!found) return entry;
  return { ...entry, mode: entry.mode ?? found.mode ?? null, target: { ...entry.target, label: entry.target.label ?? found.label ?? null } };
}

/** Inline: an owner sees a change in the log as soon as it is made. */
export const auditLogProjection: InlineProjection = {
  name: 'audit_log_view',
  handles: AUDITED_EVENT_TYPES,
  // It reads the mode and name of keys and endpoints from their views, as of this append.
  readsOtherReadModels: true,
  async apply(events, tx) {
    for (const event of events) {
      const entry = auditEntryOf({
        id: event.id,
        type: event.type,
        data: event.data as Record<string, unknown>,
        workspace_id: event.metadata.workspace_id,
        occurred_at: event.metadata.occurred_at,
      });
      if (!entry) continue;
      const withMode = await completedTarget(entry, tx);
      await tx.query(
        'INSERT INTO audit_log_view (event_id, workspace_id, action, occurred_at, entry) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING',
        [entry.id, entry.workspace_id, entry.action, entry.occurred_at, JSON.stringify(withMode)],
      );
    }
  },
  async reset(tx) {
    await tx.query('TRUNCATE audit_log_view');
  },
};

/** Newest first, keyset on the row position; `before` is the position of the previous page's last row. */
export async function listAuditLog(
  sql: SqlClient,
  workspaceId: string,
  options: { limit: number; before?: number; action?: string },
): Promise<{ entries: AuditEntry[]; last: number | null; more: boolean }> {
  const { rows } = await sql.query<{ position: string; entry: AuditEntry }>(
    `SELECT position, entry FROM audit_log_view
      WHERE workspace_id = $1 AND ($2::bigint IS NULL OR position < $2) AND ($3::text IS NULL OR action = $3)
      ORDER BY position DESC LIMIT $4`,
    [workspaceId, options.before ?? null, options.action ?? null, options.limit + 1],
  );
  const page = rows.slice(0, options.limit);
  return { entries: page.map((row) => row.entry), last: page.length > 0 ? Number(page[page.length - 1].position) : null, more: rows.length > options.limit };
}
