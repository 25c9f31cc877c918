import { idOf } from '../json-schema';
import { deploymentQuoteSchema } from '../schemas/deployment-quote.schema';
import type { OperationDoc } from '../public-operations';
import { LIST_DEPLOYMENTS_QUERY } from '../query-parameters';

const deploymentId = { id: idOf('deployment') };

/** SPEC.md "Endpoints" for deployments; decisions in docs/decisions.md "REST surface". */
export const DEPLOYMENT_OPERATIONS: Record<string, OperationDoc> = {
  'POST /v1/deployments': {
    operationId: 'createDeployment',
    tag: 'Deployments',
    summary: 'Create a deployment',
    description:
      'Hands a brief to one human expert. Answers `201` with the deployment in `pending` and `Location`. Live keys reserve credits first (402 when too few are left, 429 `in_flight_limit_reached` at the plan’s in-flight limit); 422 when no online expert covers a requested skill.',
    errors: ['expert_unavailable', 'credits_exhausted', 'in_flight_limit_reached', 'service_unavailable'],
    success: { 201: ['Location'] },
  },
  'POST /v1/deployments/quote': {
    operationId: 'quoteDeployment',
    tag: 'Deployments',
    summary: 'Quote a deployment before creating it',
    description:
      'Takes the create body, with the same validation, and answers what a create would do now: whether an expert is available (`available`; false where create answers 422), the expert it would be offered to first, the credits it would reserve and the expected seconds to acceptance and to completion. Creates, reserves and records nothing.',
    response: deploymentQuoteSchema,
    errors: ['service_unavailable'],
  },
  'GET /v1/deployments': {
    operationId: 'listDeployments',
    tag: 'Deployments',
    summary: 'List deployments',
    description: 'Most recent first (`created_at`, then `id`, descending), cursor-paginated. Unknown query parameters are 400. Never served from a cache (`Cache-Control: private, no-cache`).',
    query: LIST_DEPLOYMENTS_QUERY,
    success: { 200: ['Cache-Control'] },
  },
  'GET /v1/deployments/:id': {
    operationId: 'getDeployment',
    tag: 'Deployments',
    summary: 'Retrieve a deployment',
    description: 'Poll at most once every 5 seconds. Never served from a cache (`Cache-Control: private, no-cache`): a read right after any change shows it. Another workspace’s or mode’s deployment is 404.',
    pathParams: deploymentId,
    success: { 200: ['Cache-Control'] },
  },
  'POST /v1/deployments/:id/cancel': {
    operationId: 'cancelDeployment',
    tag: 'Deployments',
    summary: 'Cancel a deployment',
    description: 'Only from `pending` or `accepted` (409 `deployment_not_cancellable` otherwise). No body, `{}` or `{"reason": "…"}`; answers the deployment as cancelled.',
    errors: ['deployment_not_cancellable'],
    pathParams: deploymentId,
  },
  'POST /v1/deployments/:id/reply': {
    operationId: 'replyToDeployment',
    tag: 'Deployments',
    summary: 'Answer the expert’s question',
    description: 'Only in `needs_input` (409 `deployment_not_awaiting_input` otherwise); answers the deployment back `in_progress`, with `question` and `reply`.',
    errors: ['deployment_not_awaiting_input'],
    pathParams: deploymentId,
  },
  'POST /v1/deployments/:id/feedback': {
    operationId: 'giveDeploymentFeedback',
    tag: 'Deployments',
    summary: 'Rate a completed deployment',
    description:
      '`{"rating": 1–5, "comment"?}`, once per completed deployment, within 30 days of completion (409 `deployment_not_completed`, `feedback_window_closed`). The same rating and comment again answers as the first time did; a different one is 409 `feedback_already_given`. The rating counts in the expert’s brief-fit for your workspace (a poor one against them) and the expert reads it in their history. Answers the deployment with `feedback`.',
    errors: ['deployment_not_completed', 'feedback_already_given', 'feedback_window_closed'],
    pathParams: deploymentId,
  },
};
