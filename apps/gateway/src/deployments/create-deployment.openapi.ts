import type { OperationDoc } from '../docs/openapi/public-operations';

/** What creating a deployment can be refused with, wherever one is created (a handoff opens one too). */
export const DEPLOYMENT_CREATION_ERRORS: OperationDoc['errors'] = ['expert_unavailable', 'credits_exhausted', 'in_flight_limit_reached', 'service_unavailable'];

export const createDeploymentOperation: OperationDoc = {
  operationId: 'createDeployment',
  tag: 'Deployments',
  summary: 'Create a deployment',
  description:
    'Hands a brief to one human expert. Answers `201` with the deployment in `pending` and `Location`. Live keys reserve credits first (402 when too few are left, 429 `in_flight_limit_reached` at the plan’s in-flight limit); 422 when no online expert covers a requested skill.',
  errors: DEPLOYMENT_CREATION_ERRORS,
  success: { 201: ['Location'] },
};
