import { deploymentId } from '../docs/openapi/parts/deployment.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const getDeploymentOperation: OperationDoc = {
  operationId: 'getDeployment',
  tag: 'Deployments',
  summary: 'Retrieve a deployment',
  description:
    'Poll at most once every 5 seconds. Never served from a cache (`Cache-Control: private, no-cache`): a read right after any change shows it. Another workspace’s or mode’s deployment is 404.',
  pathParams: deploymentId,
  success: { 200: ['Cache-Control'] },
};
