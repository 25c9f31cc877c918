import { componentRef } from '../docs/openapi/json-schema';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const getWebhookSigningSecretOperation: OperationDoc = {
  operationId: 'getWebhookSigningSecret',
  tag: 'Webhooks',
  summary: 'The signing secret of `webhook_url` deliveries',
  description: 'One per workspace and mode, there from the start: deliveries to a deployment’s `webhook_url` are signed with it. Never shows the secret.',
  response: componentRef('WebhookSigningSecret'),
};

export const revealWebhookSigningSecretOperation: OperationDoc = {
  operationId: 'revealWebhookSigningSecret',
  tag: 'Webhooks',
  summary: 'Show the signing secret, once',
  description: 'The current secret, the first time only; then 409 `secret_already_revealed` (rotate for a new one).',
  response: componentRef('WebhookSigningSecret'),
  errors: ['secret_already_revealed'],
};

export const rotateWebhookSigningSecretOperation: OperationDoc = {
  operationId: 'rotateWebhookSigningSecret',
  tag: 'Webhooks',
  summary: 'Rotate the signing secret',
  description: 'A new secret, shown in this answer; the previous one keeps signing for `overlap_seconds` (default 24 h).',
  response: componentRef('WebhookSigningSecret'),
};
