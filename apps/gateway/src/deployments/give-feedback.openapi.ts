import { deploymentId } from '../docs/openapi/parts/deployment.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const giveDeploymentFeedbackOperation: OperationDoc = {
  operationId: 'giveDeploymentFeedback',
  tag: 'Deployments',
  summary: 'Rate a completed deployment',
  description:
    '`{"rating": 1–5, "comment"?}`, once per completed deployment, within 30 days of completion (409 `deployment_not_completed`, `feedback_window_closed`). The same rating and comment again answers as the first time did; a different one is 409 `feedback_already_given`. The rating counts in the expert’s brief-fit for your workspace (a poor one against them) and the expert reads it in their history. Answers the deployment with `feedback`.',
  errors: ['deployment_not_completed', 'feedback_already_given', 'feedback_window_closed'],
  pathParams: deploymentId,
};
