import { componentRef } from '../docs/openapi/json-schema';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const getUsageOperation: OperationDoc = {
  operationId: 'getUsage',
  tag: 'Usage',
  summary: 'Retrieve the workspace’s credit usage',
  description: 'Cached for 2 seconds per workspace; may be polled freely. A test and a live key read the same account.',
  response: componentRef('Usage'),
  success: { 200: ['Cache-Control'] },
};
