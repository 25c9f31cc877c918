import { idOf } from '../docs/openapi/json-schema';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const getHandoffOperation: OperationDoc = {
  operationId: 'getHandoff',
  tag: 'Handoffs',
  summary: 'Retrieve a handoff',
  pathParams: { id: idOf('handoff') },
};
