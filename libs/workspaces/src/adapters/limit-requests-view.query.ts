import type { SqlClient } from '@eh/platform';
import type { LimitRequestResource } from '../domain/limit-request.decider';

/** Newest first; one workspace's, or (operations) every workspace's, optionally by status. */
export async function listLimitRequests(sql: SqlClient, filter: { workspaceId?: string; status?: string }): Promise<LimitRequestResource[]> {
  const { rows } = await sql.query<{ resource: LimitRequestResource }>(
    `SELECT resource FROM limit_requests_view WHERE ($1::text IS NULL OR workspace_id = $1) AND ($2::text IS NULL OR status = $2) ORDER BY created_at DESC, request_id DESC LIMIT 500`,
    [filter.workspaceId ?? null, filter.status ?? null],
  );
  return rows.map((row) => row.resource);
}
