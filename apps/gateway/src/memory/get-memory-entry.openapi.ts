import { memoryKey } from '../docs/openapi/parts/memory-handoff.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const getMemoryEntryOperation: OperationDoc = {
  operationId: 'getMemoryEntry',
  tag: 'Brand memory',
  summary: 'Retrieve a brand memory entry',
  pathParams: memoryKey,
};
