import { componentRef } from '../docs/openapi/json-schema';
import type { OperationDoc } from '../docs/openapi/public-operations';
import { LIST_EXPERTS_QUERY } from '../docs/openapi/query-parameters';

export const listExpertsOperation: OperationDoc = {
  operationId: 'listExperts',
  tag: 'Experts',
  summary: 'List the active roster',
  description: 'In registration order. The skills listed are the tags to use in `skills` on create.',
  response: componentRef('ExpertList'),
  query: LIST_EXPERTS_QUERY,
};
