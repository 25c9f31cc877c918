import { componentRef } from '../docs/openapi/json-schema';
import { memoryKey } from '../docs/openapi/parts/memory-handoff.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const deleteMemoryEntryOperation: OperationDoc = {
  operationId: 'deleteMemoryEntry',
  tag: 'Brand memory',
  summary: 'Delete a brand memory entry',
  response: componentRef('DeletedMemoryEntry'),
  pathParams: memoryKey,
};
