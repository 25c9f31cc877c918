import type { DeliveryDestination, KeyMode, PublicEventType } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import type { WebhookEndpointResource } from '../domain/webhook-endpoint.resource';
import type { KnownEndpoint } from '../application/webhook-destinations';

/** A partner's endpoints of one workspace and mode, oldest first (at most 16: no pages). */
export async function listWebhookEndpoints(sql: SqlClient, workspaceId: string, mode: KeyMode): Promise<WebhookEndpointResource[]> {
  const { rows } = await sql.query<{ resource: WebhookEndpointResource }>(
    'SELECT resource FROM webhook_endpoints_view WHERE workspace_id = $1 AND mode = $2 AND NOT removed ORDER BY created_at, endpoint_id',
    [workspaceId, mode],
  );
  // Rows written before endpoints chose a scheme read as the scheme they sign with.
  return rows.map((row) => ({ ...row.resource, signature_scheme: row.resource.signature_scheme ?? 'service' }));
}

/** The workspace-wide endpoints of a mode: those made for one deployment (A2A push configs) have a bound of their own. */
export async function countWebhookEndpoints(sql: SqlClient, workspaceId: string, mode: KeyMode): Promise<number> {
  const { rows } = await sql.query<{ count: string }>(
    'SELECT count(*) FROM webhook_endpoints_view WHERE workspace_id = $1 AND mode = $2 AND NOT removed AND deployment_id IS NULL',
    [workspaceId, mode],
  );
  return Number(rows[0]?.count ?? 0);
}

/** The endpoints made for one deployment (its A2A push notification configs), oldest first. */
export async function deploymentWebhookEndpoints(
  sql: SqlClient,
  scope: { workspaceId: string; mode: KeyMode },
  deploymentId: string,
): Promise<WebhookEndpointResource[]> {
  const { rows } = await sql.query<{ resource: WebhookEndpointResource }>(
    'SELECT resource FROM webhook_endpoints_view WHERE deployment_id = $3 AND workspace_id = $1 AND mode = $2 AND NOT removed ORDER BY created_at, endpoint_id',
    [scope.workspaceId, scope.mode, deploymentId],
  );
  return rows.map((row) => ({ ...row.resource, signature_scheme: row.resource.signature_scheme ?? 'service' }));
}

/**
 * The fan-out's directory: enabled partner endpoints of the workspace and mode that take
 * this event type (listed, or `*`). The admin API's endpoint (null mode) is found by its own stream.
 */
export async function endpointsTakingEvent(sql: SqlClient, workspaceId: string, mode: KeyMode, eventType: PublicEventType): Promise<DirectoryEndpoint[]> {
  const { rows } = await sql.query<{ endpoint_id: string; url: string; deployment_id: string | null }>(
    `SELECT endpoint_id, url, deployment_id FROM webhook_endpoints_view
      WHERE workspace_id = $1 AND mode = $2 AND enabled AND NOT removed AND (enabled_events ? '*' OR enabled_events ? $3)
      ORDER BY created_at, endpoint_id`,
    [workspaceId, mode, eventType],
  );
  return rows.map((row) => ({ endpoint_id: row.endpoint_id, url: row.url, deployment_id: row.deployment_id }));
}

/** A destination from the directory, with the one deployment it is limited to (null: every deployment). */
export type DirectoryEndpoint = DeliveryDestination & { deployment_id: string | null };

/** Every endpoint ever stored, removed ones too: where the relay's WebhookDestinations starts (its events may precede a removal). */
export async function everyEndpointStored(sql: SqlClient): Promise<KnownEndpoint[]> {
  const { rows } = await sql.query<KnownEndpoint>('SELECT workspace_id, endpoint_id, mode FROM webhook_endpoints_view');
  return rows;
}
