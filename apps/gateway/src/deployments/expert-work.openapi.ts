import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef } from '../docs/openapi/json-schema';
import { deploymentId, expertDeployment } from '../docs/openapi/parts/expert.parts';

export const getMeOperation: ExpertOperationDoc = {
  operationId: 'getMe',
  tag: 'Work',
  summary: 'Who is signed in',
  description: 'The expert’s roster entry: availability and rate included.',
  response: componentRef('RosterEntry'),
};

export const listOffersOperation: ExpertOperationDoc = {
  operationId: 'listOffers',
  tag: 'Work',
  summary: 'Offers open to you now',
  description: 'One per deployment, soonest expiry first.',
  response: componentRef('WorkItemList'),
};

export const listAssignmentsOperation: ExpertOperationDoc = {
  operationId: 'listAssignments',
  tag: 'Work',
  summary: 'Work assigned to you',
  description: 'Active work (accepted, in progress, needs input); `status=all` adds finished work. The latest 100.',
  response: componentRef('WorkItemList'),
  query: [{ name: 'status', in: 'query', required: false, schema: { type: 'string', enum: ['active', 'all'], default: 'active' } }],
};

export const getDeploymentOperation: ExpertOperationDoc = {
  operationId: 'getDeployment',
  tag: 'Work',
  summary: 'One deployment offered or assigned to you',
  description: 'The brief, context, question and reply; the workspace’s brand memory while you work it. 404 for anyone else’s.',
  response: expertDeployment,
  pathParams: deploymentId,
};
