import { componentRef } from '../json-schema';
import type { OperationDoc } from '../public-operations';
import { LIST_EXPERTS_QUERY } from '../query-parameters';

/** The roster, usage and this document. */
export const ACCOUNT_OPERATIONS: Record<string, OperationDoc> = {
  'GET /v1/experts': {
    operationId: 'listExperts',
    tag: 'Experts',
    summary: 'List the active roster',
    description: 'In registration order. The skills listed are the tags to use in `skills` on create.',
    response: componentRef('ExpertList'),
    query: LIST_EXPERTS_QUERY,
  },
  'GET /v1/usage': {
    operationId: 'getUsage',
    tag: 'Usage',
    summary: 'Retrieve the workspace’s credit usage',
    description: 'Cached for 2 seconds per workspace; may be polled freely. A test and a live key read the same account.',
    response: componentRef('Usage'),
    success: { 200: ['Cache-Control'] },
  },
  'GET /v1/openapi.json': {
    operationId: 'getOpenApiDocument',
    tag: 'Meta',
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the running code. Needs no key and is not rate-limited.',
    response: { type: 'object', description: 'An OpenAPI 3.1 document.', required: ['openapi', 'info', 'paths'] },
    success: { 200: ['Cache-Control'] },
  },
};
