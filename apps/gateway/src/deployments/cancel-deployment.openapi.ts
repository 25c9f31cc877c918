import { deploymentId } from '../docs/openapi/parts/deployment.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const cancelDeploymentOperation: OperationDoc = {
  operationId: 'cancelDeployment',
  tag: 'Deployments',
  summary: 'Cancel a deployment',
  description:
    'Only from `pending` or `accepted` (409 `deployment_not_cancellable` otherwise). No body, `{}` or `{"reason": "…"}`; answers the deployment as cancelled.',
  errors: ['deployment_not_cancellable'],
  pathParams: deploymentId,
};
