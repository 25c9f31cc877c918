import { memoryKey, upsert } from '../docs/openapi/parts/memory-handoff.parts';
import type { OperationDoc } from '../docs/openapi/public-operations';

export const putMemoryEntryOperation: OperationDoc = {
  operationId: 'putMemoryEntry',
  tag: 'Brand memory',
  summary: 'Create or replace a brand memory entry',
  description: 'Replaces the whole entry; an identical PUT changes nothing. A malformed key is 400.',
  pathParams: memoryKey,
  success: upsert,
  omitErrors: ['not_found'],
};
