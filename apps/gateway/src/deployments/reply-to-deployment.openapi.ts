import { deploymentId } from '../docs/openapi/parts/deployment.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const replyToDeploymentOperation: OperationDoc = {
  operationId: 'replyToDeployment',
  tag: 'Deployments',
  summary: 'Answer the expert’s question',
  description: 'Only in `needs_input` (409 `deployment_not_awaiting_input` otherwise); answers the deployment back `in_progress`, with `question` and `reply`.',
  errors: ['deployment_not_awaiting_input'],
  pathParams: deploymentId,
};
