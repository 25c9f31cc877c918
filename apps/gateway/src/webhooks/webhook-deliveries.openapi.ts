import { PUBLIC_EVENT_TYPES } from '@eh/contracts';
import { DELIVERY_STATUSES } from '@eh/delivery';
import { componentRef, idOf } from '../docs/openapi/json-schema';
import { cursor, limit, query } from '../docs/openapi/parts/partner-dashboard.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';
import type { QueryParameter } from '../docs/openapi/query-parameters';

const deliveryId = { id: idOf('delivery') };
const DELIVERIES_QUERY: QueryParameter[] = [
  query('status', 'One status.', { type: 'string', enum: [...DELIVERY_STATUSES] }),
  query('event_type', 'One event type.', { type: 'string', enum: [...PUBLIC_EVENT_TYPES, 'webhook.test'] }),
  query('deployment_id', 'Deliveries of one deployment.'),
  query('endpoint_id', 'Deliveries to one endpoint.'),
  query('created_after', 'Inclusive, ISO 8601.', { type: 'string', format: 'date-time' }),
  query('created_before', 'Exclusive, ISO 8601.', { type: 'string', format: 'date-time' }),
  query('overdue', '`true`: only scheduled attempts more than WEBHOOK_OVERDUE_AFTER_SECONDS (60 s) past due and not made.', {
    type: 'string',
    enum: ['true', 'false'],
  }),
  limit(20),
  cursor,
];

export const listWebhookDeliveriesOperation: OperationDoc = {
  operationId: 'listWebhookDeliveries',
  tag: 'Webhooks',
  summary: 'List deliveries',
  description: 'The workspace’s deliveries of the mode, newest first, filtered; the cursor holds the filters (others with it are 400).',
  response: componentRef('WebhookDeliveryList'),
  query: DELIVERIES_QUERY,
};

export const getWebhookDeliveryOperation: OperationDoc = {
  operationId: 'getWebhookDelivery',
  tag: 'Webhooks',
  summary: 'Retrieve a delivery with every attempt',
  response: componentRef('WebhookDeliveryDetail'),
  pathParams: deliveryId,
};

export const replayWebhookDeliveryOperation: OperationDoc = {
  operationId: 'replayWebhookDelivery',
  tag: 'Webhooks',
  summary: 'Resend a delivery',
  description:
    'Resends a finished delivery, whatever its outcome (dead-lettered, succeeded, or acknowledged with a 4xx): same delivery id (the receiver sees the same `Service-Delivery` / `webhook-id`), the whole retry schedule again. A delivery whose next attempt is still scheduled is 409 `invalid_state_transition` (retry it now instead).',
  response: componentRef('WebhookDelivery'),
  pathParams: deliveryId,
  errors: ['invalid_state_transition'],
};

export const retryWebhookDeliveryNowOperation: OperationDoc = {
  operationId: 'retryWebhookDeliveryNow',
  tag: 'Webhooks',
  summary: 'Retry a scheduled attempt now',
  description:
    'The delivery’s scheduled retry is made due at once (same attempt number, same delivery id) instead of waiting for its time. Asking again while it is due changes nothing. A delivery with no attempt scheduled (succeeded, failed, dead-lettered) is 409 `invalid_state_transition` (resend it instead).',
  response: componentRef('WebhookDelivery'),
  pathParams: deliveryId,
  errors: ['invalid_state_transition'],
};

export const replayWebhookDeliveriesOperation: OperationDoc = {
  operationId: 'replayWebhookDeliveries',
  tag: 'Webhooks',
  summary: 'Replay dead letters in bulk',
  description:
    'Every dead letter of the mode matching the filters, oldest first, as a job: answers `202` with it and `Location`; `GET /v1/webhook_replays/:id` shows its progress.',
  response: componentRef('WebhookReplay'),
  success: { 202: ['Location'] },
};

export const getWebhookReplayOperation: OperationDoc = {
  operationId: 'getWebhookReplay',
  tag: 'Webhooks',
  summary: 'A bulk replay’s progress',
  response: componentRef('WebhookReplay'),
  pathParams: { id: idOf('webhookReplay') },
};
