import { componentRef, idOf } from '../docs/openapi/json-schema';
import type { OperationDoc } from '../docs/openapi/public-operations';

const endpointId = { id: idOf('webhookEndpoint') };

export const createWebhookEndpointOperation: OperationDoc = {
  operationId: 'createWebhookEndpoint',
  tag: 'Webhooks',
  summary: 'Register a webhook endpoint',
  description:
    'For the key’s mode; at most 16 per mode (409 `endpoint_limit_reached`). The URL must be https and public (400 naming `url`). Answers `201` with `Location` and the endpoint’s signing secret, shown this once.',
  response: componentRef('WebhookEndpointWithSecret'),
  success: { 201: ['Location'] },
  errors: ['endpoint_limit_reached'],
};

export const listWebhookEndpointsOperation: OperationDoc = {
  operationId: 'listWebhookEndpoints',
  tag: 'Webhooks',
  summary: 'List webhook endpoints',
  description: 'Every endpoint of the mode, oldest first (one page).',
  response: componentRef('WebhookEndpointList'),
};

export const getWebhookEndpointOperation: OperationDoc = {
  operationId: 'getWebhookEndpoint',
  tag: 'Webhooks',
  summary: 'Retrieve a webhook endpoint',
  response: componentRef('WebhookEndpoint'),
  pathParams: endpointId,
};

export const updateWebhookEndpointOperation: OperationDoc = {
  operationId: 'updateWebhookEndpoint',
  tag: 'Webhooks',
  summary: 'Update a webhook endpoint',
  description: 'Only the fields sent change (at least one; an empty body is 400 naming `body`). The secret stays.',
  response: componentRef('WebhookEndpoint'),
  pathParams: endpointId,
};

export const deleteWebhookEndpointOperation: OperationDoc = {
  operationId: 'deleteWebhookEndpoint',
  tag: 'Webhooks',
  summary: 'Delete a webhook endpoint',
  description: 'It receives nothing more; its deliveries still pending fail for want of a secret and end in the dead letters.',
  response: componentRef('DeletedWebhookEndpoint'),
  pathParams: endpointId,
};

export const rotateWebhookEndpointSecretOperation: OperationDoc = {
  operationId: 'rotateWebhookEndpointSecret',
  tag: 'Webhooks',
  summary: 'Rotate an endpoint’s signing secret',
  description: 'The new secret (shown once) signs at once; the previous one keeps signing beside it for `overlap_seconds` (default 24 h).',
  response: componentRef('WebhookEndpointWithSecret'),
  pathParams: endpointId,
};

export const sendWebhookTestEventOperation: OperationDoc = {
  operationId: 'sendWebhookTestEvent',
  tag: 'Webhooks',
  summary: 'Send a test event',
  description:
    'A `webhook.test` event through the normal delivery path: signed, retried, listed. Also to a disabled endpoint. Answers the delivery with `Location`. At most 5 test events per endpoint per rolling minute (WEBHOOK_ENDPOINT_TESTS_PER_MINUTE); past that, 429 `rate_limited` with `Retry-After`.',
  response: componentRef('WebhookDelivery'),
  success: { 201: ['Location'] },
  pathParams: endpointId,
};
