import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef, type JsonSchema } from '../docs/openapi/json-schema';
import { owner } from '../docs/openapi/parts/member-console.parts';

const q = (name: string, description: string, schema: JsonSchema): JsonSchema => ({ name, in: 'query', required: false, description, schema });

export const listAuditLogOperation: ExpertOperationDoc = {
  operationId: 'listAuditLog',
  tag: 'Workspace',
  summary: 'The audit log (owners only)',
  description: 'Every change to keys, endpoints, signing secrets, members, plan and credits, newest first.',
  response: componentRef('AuditEntryList'),
  query: [
    q('limit', '1 to 100.', { type: 'integer', minimum: 1, maximum: 100, default: 50 }),
    q('cursor', 'The `next` of the previous page.', { type: 'string' }),
    q('action', 'One action, e.g. `api_key.created`.', { type: 'string' }),
  ],
  errors: owner,
};
