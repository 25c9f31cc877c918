import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef, idOf } from '../docs/openapi/json-schema';
import { post, serviceMode } from '../docs/openapi/parts/member-console.parts';

export const listApiKeysOperation: ExpertOperationDoc = {
  operationId: 'listApiKeys',
  tag: 'Workspace',
  summary: 'API keys of the mode',
  description: 'Newest first, revoked ones included.',
  response: componentRef('ApiKeyList'),
  query: [serviceMode],
};

export const createApiKeyOperation: ExpertOperationDoc = {
  operationId: 'createApiKey',
  tag: 'Workspace',
  summary: 'Create an API key of the mode',
  description: 'The key is in `key`, shown this once. At most 20 active keys per mode (409 `api_key_limit_reached`).',
  response: componentRef('ApiKeyWithSecret'),
  query: [serviceMode],
  errors: ['api_key_limit_reached', ...post],
};

export const revokeApiKeyOperation: ExpertOperationDoc = {
  operationId: 'revokeApiKey',
  tag: 'Workspace',
  summary: 'Revoke an API key',
  description: 'At once, on every replica. Revoking a revoked key changes nothing. Another mode’s key is 404.',
  response: componentRef('ApiKey'),
  pathParams: { id: idOf('apiKey') },
  query: [serviceMode],
  errors: post,
};
