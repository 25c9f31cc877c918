import { PUBLIC_EVENT_TYPES } from '@eh/contracts';
import type { AdminOperationDoc } from '../docs/openapi/admin/admin-operations';
import { cursor, limit, q, ref, workspaceFilter } from '../docs/openapi/parts/admin.parts';

export const listOperation: AdminOperationDoc = {
  response: ref('AdminDeliveryList'),
  query: [
    q('status', 'Only deliveries in this state.', { type: 'string', enum: ['scheduled', 'retrying', 'succeeded', 'failed', 'dead_lettered'] }),
    workspaceFilter,
    q('endpoint_id', 'Only deliveries to this endpoint.', { type: 'string' }),
    q('event_type', 'Only deliveries of this event type.', { type: 'string', enum: [...PUBLIC_EVENT_TYPES, 'webhook.test'] }),
    q('deployment_id', 'Only deliveries about this deployment.', { type: 'string' }),
    q('created_after', 'Created at or after (ISO 8601).', { type: 'string', format: 'date-time' }),
    q('created_before', 'Created before (ISO 8601).', { type: 'string', format: 'date-time' }),
    q('overdue', '`true`: only scheduled attempts more than WEBHOOK_OVERDUE_AFTER_SECONDS past due and not made.', { type: 'string', enum: ['true', 'false'] }),
    limit(20),
    cursor,
  ],
};

export const showOperation: AdminOperationDoc = { response: ref('AdminDeliveryDetail') };

export const replayOperation: AdminOperationDoc = { response: ref('AdminDelivery') };

export const retryNowOperation: AdminOperationDoc = { response: ref('AdminDelivery') };

export const replayAllOperation: AdminOperationDoc = { response: ref('BulkReplayResult') };
