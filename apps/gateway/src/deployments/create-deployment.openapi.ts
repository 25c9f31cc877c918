import type { OperationDoc } from '../docs/openapi/public-operations';

export const createDeploymentOperation: OperationDoc = {
  operationId: 'createDeployment',
  tag: 'Deployments',
  summary: 'Create a deployment',
  description:
    'Hands a brief to one human expert. Answers `201` with the deployment in `pending` and `Location`. Live keys reserve credits first (402 when too few are left, 429 `in_flight_limit_reached` at the plan’s in-flight limit); 422 when no online expert covers a requested skill.',
  errors: ['expert_unavailable', 'credits_exhausted', 'in_flight_limit_reached', 'service_unavailable'],
  success: { 201: ['Location'] },
};
