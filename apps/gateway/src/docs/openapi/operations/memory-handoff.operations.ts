import { MEMORY_KEY } from '@eh/contracts';
import { componentRef, idOf } from '../json-schema';
import type { OperationDoc } from '../public-operations';
import { LIST_MEMORY_QUERY } from '../query-parameters';

const memoryKey = { key: { type: 'string', pattern: MEMORY_KEY.source } };
/** Both routes answer 201 with Location when they create the entry, 200 when they replace it. */
const upsert = { 200: [], 201: ['Location'] };

/** Brand memory and the second surface, POST /v1/handoffs. */
export const MEMORY_HANDOFF_OPERATIONS: Record<string, OperationDoc> = {
  'GET /v1/memory': {
    operationId: 'listMemory',
    tag: 'Brand memory',
    summary: 'List brand memory entries',
    description: 'The caller’s workspace and mode only, by key. Unknown query parameters are 400.',
    query: LIST_MEMORY_QUERY,
  },
  'GET /v1/memory/:key': {
    operationId: 'getMemoryEntry',
    tag: 'Brand memory',
    summary: 'Retrieve a brand memory entry',
    pathParams: memoryKey,
  },
  'PUT /v1/memory/:key': {
    operationId: 'putMemoryEntry',
    tag: 'Brand memory',
    summary: 'Create or replace a brand memory entry',
    description: 'Replaces the whole entry; an identical PUT changes nothing. A malformed key is 400.',
    pathParams: memoryKey,
    success: upsert,
    omitErrors: ['not_found'],
  },
  'DELETE /v1/memory/:key': {
    operationId: 'deleteMemoryEntry',
    tag: 'Brand memory',
    summary: 'Delete a brand memory entry',
    response: componentRef('DeletedMemoryEntry'),
    pathParams: memoryKey,
  },
  'POST /v1/deployments/:id/save-output': {
    operationId: 'saveDeploymentOutput',
    tag: 'Brand memory',
    summary: 'Save a completed deployment’s output to brand memory',
    description: 'Saved as a `prior_output` entry under `key`, or `prior-output.<dep_id>` without one. Only a completed deployment (409 `deployment_not_completed`).',
    pathParams: { id: idOf('deployment') },
    success: upsert,
    errors: ['deployment_not_completed'],
  },
  'POST /v1/handoffs': {
    operationId: 'openHandoff',
    tag: 'Handoffs',
    summary: 'Open a handoff',
    description: 'Opens a deployment for the handoff and answers `201` with the handoff and `Location`. Credits, routing and their errors are those of `POST /v1/deployments`; a `context.memory_keys` entry that does not exist is 400.',
    errors: ['expert_unavailable', 'credits_exhausted', 'in_flight_limit_reached', 'service_unavailable'],
    success: { 201: ['Location'] },
  },
  'GET /v1/handoffs/:id': {
    operationId: 'getHandoff',
    tag: 'Handoffs',
    summary: 'Retrieve a handoff',
    pathParams: { id: idOf('handoff') },
  },
};
