import { componentRef } from '../docs/openapi/json-schema';
import { query } from '../docs/openapi/parts/partner-dashboard.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const getUsageHistoryOperation: OperationDoc = {
  operationId: 'getUsageHistory',
  tag: 'Usage',
  summary: 'Credits charged per day',
  description: 'One row per UTC day ending today, oldest first, zeros included (all zeros in test mode).',
  response: componentRef('UsageHistory'),
  query: [query('days', 'How many days, 1 to 90.', { type: 'integer', minimum: 1, maximum: 90, default: 30 })],
};
