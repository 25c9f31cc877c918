import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef } from '../docs/openapi/json-schema';

export const getWorkspaceOperation: ExpertOperationDoc = {
  operationId: 'getWorkspace',
  tag: 'Workspace',
  summary: 'The workspace, your role, the plan’s limits',
  response: componentRef('Workspace'),
};
