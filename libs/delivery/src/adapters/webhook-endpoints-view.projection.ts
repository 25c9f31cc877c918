import { WEBHOOK_ENDPOINT_EVENT_TYPES } from '@eh/contracts';
import { foldRecorded, streamProjection, type RecordedEvent } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { webhookEndpointDecider } from '../domain/webhook-endpoint.decider';
import { toWebhookEndpointResource } from '../domain/webhook-endpoint.resource';

/** Inline: an endpoint is in the fan-out's directory and the partner's list the moment it is created. */
export const webhookEndpointsViewProjection = streamProjection({
  name: 'webhook_endpoints_view',
  handles: WEBHOOK_ENDPOINT_EVENT_TYPES,
  tables: ['webhook_endpoints_view'],
  refresh,
});

async function refresh(history: RecordedEvent[], tx: SqlClient): Promise<void> {
  const state = foldRecorded(history, webhookEndpointDecider);
  if (state.status === 'none') return;
  if (state.status === 'removed') {
    await tx.query('UPDATE webhook_endpoints_view SET removed = true, updated_at = $2 WHERE endpoint_id = $1', [state.endpoint_id, state.removed_at]);
    return;
  }
  const resource = toWebhookEndpointResource(state);
  await tx.query(
    `INSERT INTO webhook_endpoints_view (endpoint_id, workspace_id, mode, url, enabled, enabled_events, removed, created_at, updated_at, resource, deployment_id)
     VALUES ($1, $2, $3, $4, $5, $6, false, $7, $8, $9, $10)
     ON CONFLICT (endpoint_id) DO UPDATE SET url = EXCLUDED.url, enabled = EXCLUDED.enabled, enabled_events = EXCLUDED.enabled_events,
       removed = false, updated_at = EXCLUDED.updated_at, resource = EXCLUDED.resource, deployment_id = EXCLUDED.deployment_id`,
    [
      state.endpoint_id,
      state.workspace_id,
      state.mode,
      state.url,
      state.enabled,
      JSON.stringify(state.enabled_events),
      state.registered_at,
      state.updated_at,
      JSON.stringify(resource),
      state.deployment_id,
    ],
  );
}
