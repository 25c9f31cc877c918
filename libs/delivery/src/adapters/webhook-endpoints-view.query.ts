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

export async function countWebhookEndpoints(sql: SqlClient, workspaceId: string, mode: KeyMode): Promise<number> {
  const { rows } = await sql.query<{ count: string }>('SELECT count(*) FROM webhook_endpoints_view WHERE workspace_id = $1 AND mode = $2 AND NOT removed', [workspaceId, mode]);
  return Number(rows[0]?.count ?? 0);
}

/**
 * The fan-out's directory: enabled partner endpoints of the workspace and mode that take
 * this event type (listed, or `*`). The admin API's endpoint (null mode) is found by its own stream.
 */
export async function endpointsTakingEvent(sql: SqlClient, workspaceId: string, mode: KeyMode, eventType: PublicEventType): Promise<DeliveryDestination[]> {
  const { rows } = await sql.query<{ endpoint_id: string; url: string }>(
    `SELECT endpoint_id, url FROM webhook_endpoints_view
      WHERE workspace_id = $1 AND mode = $2 AND enabled AND NOT removed AND (enabled_events ? '*' OR enabled_events ? $3)
      ORDER BY created_at, endpoint_id`,
    [workspaceId, mode, eventType],
  );
  return rows.map((row) => ({ endpoint_id: row.endpoint_id, url: row.url }));
}

/** Every endpoint ever stored, removed ones too: where the relay's WebhookDestinations starts (its events may precede a removal). */
export async function everyEndpointStored(sql: SqlClient): Promise<KnownEndpoint[]> {
  const { rows } = await sql.query<KnownEndpoint>('SELECT workspace_id, endpoint_id, mode FROM webhook_endpoints_view');
  return rows;
}
