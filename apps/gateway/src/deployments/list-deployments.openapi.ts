import type { OperationDoc } from '../docs/openapi/public-operations';
import { LIST_DEPLOYMENTS_QUERY } from '../docs/openapi/query-parameters';

export const listDeploymentsOperation: OperationDoc = {
  operationId: 'listDeployments',
  tag: 'Deployments',
  summary: 'List deployments',
  description:
    'Most recent first (`created_at`, then `id`, descending), cursor-paginated. Unknown query parameters are 400. Never served from a cache (`Cache-Control: private, no-cache`).',
  query: LIST_DEPLOYMENTS_QUERY,
  success: { 200: ['Cache-Control'] },
};
