import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef } from '../docs/openapi/json-schema';
import { deploymentId } from '../docs/openapi/parts/expert.parts';

export const getDraftOperation: ExpertOperationDoc = {
  operationId: 'getDraft',
  tag: 'Files and drafts',
  summary: 'Your draft of the output',
  description: 'The empty draft (`updated_at: null`) until one is saved.',
  response: componentRef('Draft'),
  errors: ['expert_not_assigned'],
  pathParams: deploymentId,
};

export const saveDraftOperation: ExpertOperationDoc = {
  operationId: 'saveDraft',
  tag: 'Files and drafts',
  summary: 'Save your draft of the output',
  description: 'Replaces the whole draft. Only while the work is open; attachments must be your uploads for this deployment.',
  response: componentRef('Draft'),
  errors: ['expert_not_assigned', 'invalid_state_transition'],
  pathParams: deploymentId,
};
