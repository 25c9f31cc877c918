import type { SqlClient } from '@eh/platform';
import { AUDIT_ACTIONS, listAuditLog, type AuditEntry } from '@eh/workspaces';
import { listEnvelope, type ListEnvelope } from '../http/list-envelope';
import { decodePositionCursor, encodePositionCursor, invalidQuery, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';

/** `?limit&cursor&action` of an audit log page, checked; the cursor is decoded only when the page is read. */
export interface AuditLogQuery {
  limit: number;
  cursor: string | undefined;
  action: string | undefined;
}

/** The owners' and the operators' audit log take the same query. */
export function parseAuditLogQuery(query: Record<string, unknown>): AuditLogQuery {
  refuseUnknownParameters(query, ['limit', 'cursor', 'action']);
  const limit = parseLimit(singleParameter(query, 'limit') ?? '50');
  const cursor = singleParameter(query, 'cursor');
  const action = singleParameter(query, 'action');
  if (action !== undefined && !AUDIT_ACTIONS.has(action)) throw invalidQuery('action', `action "${action.slice(0, 60)}" is not one the audit log records`);
  return { limit, cursor, action };
}

/** One page of a workspace's audit log, newest first. */
export async function auditLogPage(sql: SqlClient, workspaceId: string, query: AuditLogQuery): Promise<ListEnvelope<AuditEntry>> {
  const before = query.cursor === undefined ? undefined : Number(decodePositionCursor(query.cursor, (value) => /^\d{1,18}$/.test(value)));
  const page = await listAuditLog(sql, workspaceId, { limit: query.limit, before, action: query.action });
  return listEnvelope(page.entries, page.more && page.last !== null ? encodePositionCursor(String(page.last)) : null);
}
