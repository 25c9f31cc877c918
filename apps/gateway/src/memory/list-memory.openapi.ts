import type { OperationDoc } from '../docs/openapi/public-operations';
import { LIST_MEMORY_QUERY } from '../docs/openapi/query-parameters';

export const listMemoryOperation: OperationDoc = {
  operationId: 'listMemory',
  tag: 'Brand memory',
  summary: 'List brand memory entries',
  description: 'The caller’s workspace and mode only, by key. Unknown query parameters are 400.',
  query: LIST_MEMORY_QUERY,
};
