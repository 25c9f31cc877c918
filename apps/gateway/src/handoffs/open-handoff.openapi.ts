import type { OperationDoc } from '../docs/openapi/public-operations';

export const openHandoffOperation: OperationDoc = {
  operationId: 'openHandoff',
  tag: 'Handoffs',
  summary: 'Open a handoff',
  description:
    'Opens a deployment for the handoff and answers `201` with the handoff and `Location`. Credits, routing and their errors are those of `POST /v1/deployments`; a `context.memory_keys` entry that does not exist is 400.',
  errors: ['expert_unavailable', 'credits_exhausted', 'in_flight_limit_reached', 'service_unavailable'],
  success: { 201: ['Location'] },
};
