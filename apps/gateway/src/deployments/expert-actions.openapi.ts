import type { ErrorCode } from '@eh/contracts';
import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef } from '../docs/openapi/json-schema';
import { deploymentId, expertDeployment } from '../docs/openapi/parts/expert.parts';

const actionErrors: ErrorCode[] = ['invalid_state_transition', 'expert_not_assigned'];
const action = (operationId: string, summary: string, description: string, errors: ErrorCode[] = actionErrors): ExpertOperationDoc => ({
  operationId,
  tag: 'Work',
  summary,
  description,
  response: expertDeployment,
  errors,
  pathParams: deploymentId,
});

export const acceptOfferOperation: ExpertOperationDoc = action('acceptOffer', 'Accept the offer', 'Only the expert the open offer is for, before it expires.');

export const declineOfferOperation: ExpertOperationDoc = action(
  'declineOffer',
  'Decline the offer',
  'The offer passes to the next expert; you are not offered this deployment again.',
);

export const startWorkOperation: ExpertOperationDoc = action('startWork', 'Start work', 'From accepted; `started_at` is set.');

export const askQuestionOperation: ExpertOperationDoc = action('askQuestion', 'Ask the one clarifying question', 'The agent has the reply window to answer.', [
  ...actionErrors,
  'question_already_asked',
]);

export const publishOutputOperation: ExpertOperationDoc = action(
  'publishOutput',
  'Publish the output',
  'Markdown body, attachments (links, or `{attachment_id}` of uploads), duration and charge; settled at most at `credits_reserved`. The draft is deleted.',
);

export const cancelWorkOperation: ExpertOperationDoc = action(
  'cancelWork',
  'Cancel as the expert',
  'A reason (the agent is told) and optionally a partial output.',
);

export const setAvailabilityOperation: ExpertOperationDoc = {
  operationId: 'setAvailability',
  tag: 'Work',
  summary: 'Set your availability',
  description:
    'Only `online` experts receive offers, and only while they can be reached: a console open (the event stream) or a working notification channel. `available_until` ends `online` at a time (future, at most 7 days ahead); past it no offers come and availability turns `offline`. Two offers in a row left to expire set you `away`: set `online` to take offers again.',
  response: componentRef('RosterEntry'),
};
