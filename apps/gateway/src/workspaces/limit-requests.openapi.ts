import type { AdminOperationDoc } from '../docs/openapi/admin/admin-operations';
import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef } from '../docs/openapi/json-schema';
import { q, ref, workspaceFilter } from '../docs/openapi/parts/admin.parts';
import { owner, post } from '../docs/openapi/parts/member-console.parts';

export const listLimitRequestsOperation: ExpertOperationDoc = {
  operationId: 'listLimitRequests',
  tag: 'Workspace',
  summary: 'Requests to raise the in-flight limit',
  response: componentRef('LimitRequestList'),
};

export const createLimitRequestOperation: ExpertOperationDoc = {
  operationId: 'createLimitRequest',
  tag: 'Workspace',
  summary: 'Ask operations to raise the in-flight limit (owners only)',
  description: '`in_flight_limit` must be above the current one (at most 10,000); `reason` 1 to 1,000 characters.',
  response: componentRef('LimitRequest'),
  errors: [...owner, ...post],
};

export const listOperation: AdminOperationDoc = {
  response: ref('LimitRequestList'),
  query: [q('status', 'Only requests in this state.', { type: 'string', enum: ['open', 'granted', 'declined'] }), workspaceFilter],
};

export const resolveOperation: AdminOperationDoc = { response: ref('LimitRequest') };
