import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef, idOf } from '../docs/openapi/json-schema';
import { serviceMode } from '../docs/openapi/parts/member-console.parts';

export const getRoutingHistoryOperation: ExpertOperationDoc = {
  operationId: 'getRoutingHistory',
  tag: 'Workspace',
  summary: 'How a deployment is being routed',
  description:
    'Each offer and how it ended (declined with the reason, timed out, accepted), in order: why a pending deployment still waits. 404 naming `id` for another workspace’s or mode’s.',
  response: componentRef('RoutingHistory'),
  pathParams: { id: idOf('deployment') },
  query: [serviceMode],
};
