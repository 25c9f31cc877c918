import type { SqlClient } from '@eh/platform';

/** What deliveries_view says of an enabled partner endpoint's recent attempts (endpoint-health.ts decides). */
export interface EndpointAttemptsSummary {
  endpoint_id: string;
  workspace_id: string;
  failing_since: string | null;
  last_failure_at: string | null;
  last_success_at: string | null;
}

/**
 * Enabled partner endpoints whose failures, counted from the first failed delivery after their last
 * success, already span `periodMs`: the only ones the health decision could disable. A failed
 * delivery here is one attempted and not succeeded (retrying, 4xx-failed or dead-lettered); its
 * first attempt was when it was created, its last is `last_attempt`.
 */
export async function endpointsFailingFor(sql: SqlClient, periodMs: number): Promise<EndpointAttemptsSummary[]> {
  const { rows } = await sql.query<EndpointAttemptsSummary>(
    `WITH endpoints AS (
       SELECT e.endpoint_id, e.workspace_id,
              (SELECT max(d.updated_at) FROM deliveries_view d WHERE d.endpoint_id = e.endpoint_id AND d.status = 'succeeded') AS last_success_at
         FROM webhook_endpoints_view e
        WHERE e.enabled AND NOT e.removed AND e.mode IS NOT NULL
     ), figures AS (
       SELECT e.endpoint_id, e.workspace_id, e.last_success_at,
              (SELECT min(d.created_at) FROM deliveries_view d
                WHERE d.endpoint_id = e.endpoint_id AND d.status <> 'succeeded' AND (d.resource->>'attempts')::int > 0
                  AND (e.last_success_at IS NULL OR d.created_at > e.last_success_at)) AS failing_since,
              (SELECT max((d.resource->'last_attempt'->>'attempted_at')::timestamptz) FROM deliveries_view d
                WHERE d.endpoint_id = e.endpoint_id AND d.status <> 'succeeded' AND (d.resource->>'attempts')::int > 0) AS last_failure_at
         FROM endpoints e
     )
     SELECT endpoint_id, workspace_id, failing_since, last_failure_at, last_success_at FROM figures
      WHERE failing_since IS NOT NULL AND last_failure_at >= failing_since + ($1::double precision * interval '1 millisecond')`,
    [periodMs],
  );
  const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());
  return rows.map((row) => ({
    ...row,
    failing_since: iso(row.failing_since),
    last_failure_at: iso(row.last_failure_at),
    last_success_at: iso(row.last_success_at),
  }));
}

/** Endpoints the service disabled for failing whose owners may not have been told yet (the fold says). */
export async function endpointsDisabledForFailing(sql: SqlClient): Promise<{ endpoint_id: string; workspace_id: string }[]> {
  const { rows } = await sql.query<{ endpoint_id: string; workspace_id: string }>(
    `SELECT endpoint_id, workspace_id FROM webhook_endpoints_view
      WHERE NOT enabled AND NOT removed AND resource->>'disabled_reason' IS NOT NULL`,
  );
  return rows;
}

/**
 * The e-mail addresses of a workspace's owners. Read from the members' read model: the workspace's
 * people are another context's, and this is their published view, not their streams.
 */
export async function workspaceOwnerEmails(sql: SqlClient, workspaceId: string): Promise<string[]> {
  const { rows } = await sql.query<{ email: string }>(
    `SELECT email FROM members_view WHERE workspace_id = $1 AND role = 'owner' AND removed_at IS NULL ORDER BY email`,
    [workspaceId],
  );
  return rows.map((row) => row.email);
}
