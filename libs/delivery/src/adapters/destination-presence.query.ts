import type { RecordedEvent } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import type { EndpointModes } from '../application/destination-presence';

const DEPLOYMENT_STREAM = 'deployment-';

/**
 * Issue 14: whether a public event can have any destination, in one indexed query, before the
 * fan-out reads the streams it needs to build a body. False only when the workspace has no
 * endpoint row that could take the event's mode (the admin API's endpoint has no mode and takes
 * both) and, for a deployment's event, the deployment has no `webhook_url`. Disabled endpoints
 * count as present: a yes costs the full fan-out, which then finds nothing; a no must be sure.
 */
export async function mayHaveDestinations(sql: SqlClient, event: RecordedEvent): Promise<boolean> {
  const workspaceId = event.metadata.workspace_id;
  if (!event.streamName.startsWith(DEPLOYMENT_STREAM)) {
    const { rows } = await sql.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM webhook_endpoints_view WHERE workspace_id = $1 AND NOT removed) AS present', [workspaceId]);
    return rows[0]?.present !== false;
  }
  const { rows } = await sql.query<{ found: boolean; override: string | null; endpoints: boolean }>(
    `SELECT d.id IS NOT NULL AS found, d.resource->>'webhook_url' AS override,
            EXISTS (SELECT 1 FROM webhook_endpoints_view w
                     WHERE w.workspace_id = $1 AND NOT w.removed AND (w.mode IS NULL OR w.mode = d.mode)) AS endpoints
       FROM (SELECT 1) AS one LEFT JOIN deployments_view d ON d.id = $2`,
    [workspaceId, event.streamName.slice(DEPLOYMENT_STREAM.length)],
  );
  const row = rows[0];
  // No view row (cannot happen for a committed deployment): let the full fan-out decide.
  if (!row?.found) return true;
  return row.override !== null || row.endpoints;
}

/** Which modes the workspace's endpoints take (DestinationPresence); removed ones do not count, disabled ones do. */
export async function endpointModesOf(sql: SqlClient, workspaceId: string): Promise<EndpointModes> {
  const { rows } = await sql.query<{ live: boolean; test: boolean }>(
    `SELECT coalesce(bool_or(mode IS NULL OR mode = 'live'), false) AS live, coalesce(bool_or(mode IS NULL OR mode = 'test'), false) AS test
       FROM webhook_endpoints_view WHERE workspace_id = $1 AND NOT removed`,
    [workspaceId],
  );
  return { live: rows[0]?.live === true, test: rows[0]?.test === true };
}
