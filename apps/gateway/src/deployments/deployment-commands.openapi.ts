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

export const replyToDeploymentOperation: OperationDoc = {
  operationId: 'replyToDeployment',
  tag: 'Deployments',
  summary: 'Answer the expert’s question',
  description: 'Only in `needs_input` (409 `deployment_not_awaiting_input` otherwise); answers the deployment back `in_progress`, with `question` and `reply`.',
  errors: ['deployment_not_awaiting_input'],
  pathParams: deploymentId,
};

export const giveDeploymentFeedbackOperation: OperationDoc = {
  operationId: 'giveDeploymentFeedback',
  tag: 'Deployments',
  summary: 'Rate a completed deployment',
  description:
    '`{"rating": 1–5, "comment"?}`, once per completed deployment, within 30 days of completion (409 `deployment_not_completed`, `feedback_window_closed`). The same rating and comment again answers as the first time did; a different one is 409 `feedback_already_given`. The rating counts in the expert’s brief-fit for your workspace (a poor one against them) and the expert reads it in their history. Answers the deployment with `feedback`.',
  errors: ['deployment_not_completed', 'feedback_already_given', 'feedback_window_closed'],
  pathParams: deploymentId,
};
