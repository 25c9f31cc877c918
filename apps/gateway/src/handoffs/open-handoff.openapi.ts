import type { OperationDoc } from '../docs/openapi/public-operations';
import { DEPLOYMENT_CREATION_ERRORS } from '../deployments/create-deployment.openapi';

export const openHandoffOperation: OperationDoc = {
  operationId: 'openHandoff',
  tag: 'Handoffs',
  summary: 'Open a handoff',
  description:
    'Opens a deployment for the handoff and answers `201` with the handoff and `Location`. Credits, routing and their errors are those of `POST /v1/deployments`; a `context.memory_keys` entry that does not exist is 400.',
  errors: DEPLOYMENT_CREATION_ERRORS,
  success: { 201: ['Location'] },
};
