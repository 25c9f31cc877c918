import { DELIVERY_STATUSES } from '@eh/delivery';
import { PUBLIC_EVENT_TYPES } from '@eh/contracts';
import { componentRef, idOf } from '../json-schema';
import type { OperationDoc } from '../public-operations';
import type { QueryParameter } from '../query-parameters';

const endpointId = { id: idOf('webhookEndpoint') };
const deliveryId = { id: idOf('delivery') };
const query = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }): QueryParameter => ({ name, in: 'query', required: false, description, schema });
const limit = (fallback: number): QueryParameter => query('limit', `Page size, 1 to 100 (default ${fallback}); outside is 400.`, { type: 'integer', minimum: 1, maximum: 100, default: fallback });
const cursor = query('cursor', 'The `next` of the previous page, unchanged. Given once.');
const modeQuery = query('mode', 'For a console session only (an `EventSource` sends no custom headers): the mode, as `Service-Mode` would.', { type: 'string', enum: ['test', 'live'] });

const STREAM_DESCRIPTION =
  'A `text/event-stream`: `retry: 3000` and `: connected` first, then one message per event (`id`, `event: <type>`, `data: <Event JSON>`), and a `: keepalive` comment every 15 s. On a reconnect the browser sends the last `id` as `Last-Event-ID` and the stream resumes after it.';
const STREAM_BOUNDS =
  'At most 10 streams are open per API key (or member) and 40 per workspace, both modes and both stream routes together (EVENT_STREAMS_PER_KEY, EVENT_STREAMS_PER_WORKSPACE): one more is answered 429 `rate_limited` with `Retry-After` in the error shape, and a closed stream frees its slot at once.';
const sse = { 'text/event-stream': { schema: { type: 'string', description: 'id: <id>\\nevent: <type>\\ndata: <Event JSON>\\n\\n, repeated.' } } };

export const DELIVERIES_QUERY: QueryParameter[] = [
  query('status', 'One status.', { type: 'string', enum: [...DELIVERY_STATUSES] }),
  query('event_type', 'One event type.', { type: 'string', enum: [...PUBLIC_EVENT_TYPES, 'webhook.test'] }),
  query('deployment_id', 'Deliveries of one deployment.'),
  query('endpoint_id', 'Deliveries to one endpoint.'),
  query('created_after', 'Inclusive, ISO 8601.', { type: 'string', format: 'date-time' }),
  query('created_before', 'Exclusive, ISO 8601.', { type: 'string', format: 'date-time' }),
  query('overdue', '`true`: only scheduled attempts more than WEBHOOK_OVERDUE_AFTER_SECONDS (60 s) past due and not made.', { type: 'string', enum: ['true', 'false'] }),
  limit(20),
  cursor,
];

/** A partner's endpoints, signing secret, deliveries and replays, events, usage history. */
export const DASHBOARD_OPERATIONS: Record<string, OperationDoc> = {
  'POST /v1/webhook_endpoints': {
    operationId: 'createWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Register a webhook endpoint',
    description: 'For the key’s mode; at most 16 per mode (409 `endpoint_limit_reached`). The URL must be https and public (400 naming `url`). Answers `201` with `Location` and the endpoint’s signing secret, shown this once.',
    response: componentRef('WebhookEndpointWithSecret'),
    success: { 201: ['Location'] },
    errors: ['endpoint_limit_reached'],
  },
  'GET /v1/webhook_endpoints': { operationId: 'listWebhookEndpoints', tag: 'Webhooks', summary: 'List webhook endpoints', description: 'Every endpoint of the mode, oldest first (one page).', response: componentRef('WebhookEndpointList') },
  'GET /v1/webhook_endpoints/:id': { operationId: 'getWebhookEndpoint', tag: 'Webhooks', summary: 'Retrieve a webhook endpoint', response: componentRef('WebhookEndpoint'), pathParams: endpointId },
  'POST /v1/webhook_endpoints/:id': {
    operationId: 'updateWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Update a webhook endpoint',
    description: 'Only the fields sent change (at least one; an empty body is 400 naming `body`). The secret stays.',
    response: componentRef('WebhookEndpoint'),
    pathParams: endpointId,
  },
  'DELETE /v1/webhook_endpoints/:id': {
    operationId: 'deleteWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Delete a webhook endpoint',
    description: 'It receives nothing more; its deliveries still pending fail for want of a secret and end in the dead letters.',
    response: componentRef('DeletedWebhookEndpoint'),
    pathParams: endpointId,
  },
  'POST /v1/webhook_endpoints/:id/rotate_secret': {
    operationId: 'rotateWebhookEndpointSecret',
    tag: 'Webhooks',
    summary: 'Rotate an endpoint’s signing secret',
    description: 'The new secret (shown once) signs at once; the previous one keeps signing beside it for `overlap_seconds` (default 24 h).',
    response: componentRef('WebhookEndpointWithSecret'),
    pathParams: endpointId,
  },
  'POST /v1/webhook_endpoints/:id/test': {
    operationId: 'sendWebhookTestEvent',
    tag: 'Webhooks',
    summary: 'Send a test event',
    description:
      'A `webhook.test` event through the normal delivery path: signed, retried, listed. Also to a disabled endpoint. Answers the delivery with `Location`. At most 5 test events per endpoint per rolling minute (WEBHOOK_ENDPOINT_TESTS_PER_MINUTE); past that, 429 `rate_limited` with `Retry-After`.',
    response: componentRef('WebhookDelivery'),
    success: { 201: ['Location'] },
    pathParams: endpointId,
  },
  'GET /v1/webhook_signing_secret': {
    operationId: 'getWebhookSigningSecret',
    tag: 'Webhooks',
    summary: 'The signing secret of `webhook_url` deliveries',
    description: 'One per workspace and mode, there from the start: deliveries to a deployment’s `webhook_url` are signed with it. Never shows the secret.',
    response: componentRef('WebhookSigningSecret'),
  },
  'POST /v1/webhook_signing_secret/reveal': {
    operationId: 'revealWebhookSigningSecret',
    tag: 'Webhooks',
    summary: 'Show the signing secret, once',
    description: 'The current secret, the first time only; then 409 `secret_already_revealed` (rotate for a new one).',
    response: componentRef('WebhookSigningSecret'),
    errors: ['secret_already_revealed'],
  },
  'POST /v1/webhook_signing_secret/rotate': {
    operationId: 'rotateWebhookSigningSecret',
    tag: 'Webhooks',
    summary: 'Rotate the signing secret',
    description: 'A new secret, shown in this answer; the previous one keeps signing for `overlap_seconds` (default 24 h).',
    response: componentRef('WebhookSigningSecret'),
  },
  'GET /v1/webhook_deliveries': {
    operationId: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'List deliveries',
    description: 'The workspace’s deliveries of the mode, newest first, filtered; the cursor holds the filters (others with it are 400).',
    response: componentRef('WebhookDeliveryList'),
    query: DELIVERIES_QUERY,
  },
  'GET /v1/webhook_deliveries/:id': {
    operationId: 'getWebhookDelivery',
    tag: 'Webhooks',
    summary: 'Retrieve a delivery with every attempt',
    response: componentRef('WebhookDeliveryDetail'),
    pathParams: deliveryId,
  },
  'POST /v1/webhook_deliveries/:id/replay': {
    operationId: 'replayWebhookDelivery',
    tag: 'Webhooks',
    summary: 'Resend a delivery',
    description:
      'Resends a finished delivery, whatever its outcome (dead-lettered, succeeded, or acknowledged with a 4xx): same delivery id (the receiver sees the same `Service-Delivery` / `webhook-id`), the whole retry schedule again. A delivery whose next attempt is still scheduled is 409 `invalid_state_transition` (retry it now instead).',
    response: componentRef('WebhookDelivery'),
    pathParams: deliveryId,
    errors: ['invalid_state_transition'],
  },
  'POST /v1/webhook_deliveries/:id/retry_now': {
    operationId: 'retryWebhookDeliveryNow',
    tag: 'Webhooks',
    summary: 'Retry a scheduled attempt now',
    description:
      'The delivery’s scheduled retry is made due at once (same attempt number, same delivery id) instead of waiting for its time. Asking again while it is due changes nothing. A delivery with no attempt scheduled (succeeded, failed, dead-lettered) is 409 `invalid_state_transition` (resend it instead).',
    response: componentRef('WebhookDelivery'),
    pathParams: deliveryId,
    errors: ['invalid_state_transition'],
  },
  'POST /v1/webhook_deliveries/replay': {
    operationId: 'replayWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'Replay dead letters in bulk',
    description: 'Every dead letter of the mode matching the filters, oldest first, as a job: answers `202` with it and `Location`; `GET /v1/webhook_replays/:id` shows its progress.',
    response: componentRef('WebhookReplay'),
    success: { 202: ['Location'] },
  },
  'GET /v1/webhook_replays/:id': {
    operationId: 'getWebhookReplay',
    tag: 'Webhooks',
    summary: 'A bulk replay’s progress',
    response: componentRef('WebhookReplay'),
    pathParams: { id: idOf('webhookReplay') },
  },
  'GET /v1/deployments/:id/events': {
    operationId: 'listDeploymentEvents',
    tag: 'Events',
    summary: 'A deployment’s events',
    description: 'Its public events in order, each as the webhook body (`data.object` is the deployment as right after the event).',
    response: componentRef('EventList'),
    pathParams: { id: idOf('deployment') },
    query: [limit(100), cursor],
  },
  'GET /v1/deployments/:id/events/stream': {
    operationId: 'streamDeploymentEvents',
    tag: 'Events',
    summary: 'A deployment’s events, live (server-sent events)',
    description: `${STREAM_DESCRIPTION} Without \`Last-Event-ID\` the stream’s past events come first. Ids are sequences. ${STREAM_BOUNDS}`,
    content: sse,
    pathParams: { id: idOf('deployment') },
    query: [modeQuery],
  },
  'GET /v1/events': {
    operationId: 'listEvents',
    tag: 'Events',
    summary: 'Every event of the workspace and mode, newest first',
    description:
      'A pull path for agents without a public URL: each public event as its webhook body, of the key’s mode only, newest first, from the last 30 days (older events are kept but not listed). Filters: `type`, `deployment_id`, `created_after`, `created_before`. A page reads at most 1,000 of the workspace’s events, so it may hold fewer than `limit` with `next` set: follow `next` until it is null.',
    response: componentRef('WorkspaceEventList'),
    query: [
      query('type', 'One public event type.', { type: 'string', enum: [...PUBLIC_EVENT_TYPES] }),
      query('deployment_id', 'Only this deployment’s events.', { type: 'string', pattern: '^dep_[0-9A-HJKMNP-TV-Z]{26}$' }),
      query('created_after', 'ISO 8601: events recorded at or after.', { type: 'string', format: 'date-time' }),
      query('created_before', 'ISO 8601: events recorded before.', { type: 'string', format: 'date-time' }),
      limit(20),
      cursor,
    ],
    success: { 200: ['Cache-Control'] },
  },
  'GET /v1/events/:id': {
    operationId: 'getEvent',
    tag: 'Events',
    summary: 'One event',
    description: 'As its webhook body. Another workspace’s or mode’s event is 404.',
    response: componentRef('Event'),
    pathParams: { id: idOf('event') },
    success: { 200: ['Cache-Control'] },
  },
  'GET /v1/events/stream': {
    operationId: 'streamEvents',
    tag: 'Events',
    summary: 'Every event of the workspace and mode, live (server-sent events)',
    description: `${STREAM_DESCRIPTION} Without \`Last-Event-ID\` only new events; with it, the missed ones first, oldest first: the replay reads at most 1,000 of the workspace’s events per request (EVENT_STREAM_REPLAY_MAX_EVENTS) and each 10 it reads cost one request of the key’s rate limit (EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT); a replay the key cannot pay for is 429 with \`Retry-After\` before the stream opens, and ends the stream once open. Past the bound the stream sends an \`id\` alone (where it stopped reading) and ends: the browser’s reconnect sends it as \`Last-Event-ID\` and the next request continues from there. ${STREAM_BOUNDS}`,
    content: sse,
    query: [modeQuery],
  },
  'GET /v1/usage/history': {
    operationId: 'getUsageHistory',
    tag: 'Usage',
    summary: 'Credits charged per day',
    description: 'One row per UTC day ending today, oldest first, zeros included (all zeros in test mode).',
    response: componentRef('UsageHistory'),
    query: [query('days', 'How many days, 1 to 90.', { type: 'integer', minimum: 1, maximum: 90, default: 30 })],
  },
};
