import { MEMORY_KEY, MEMORY_KINDS, type MemorySource } from '@eh/contracts';
import type { DeletedMemoryEntryResource, MemoryEntryResource } from '@eh/memory';
import { idOf, objectOf, orNull, timestamp, type JsonSchema } from '../json-schema';

const key: JsonSchema = { type: 'string', pattern: MEMORY_KEY.source };

const source = objectOf<MemorySource>({ deployment_id: idOf('deployment'), handoff_id: orNull(idOf('handoff')) });

/** A brand memory entry, typed against MemoryEntryResource. */
export const memoryEntrySchema: JsonSchema = objectOf<MemoryEntryResource>({
  object: { type: 'string', const: 'memory_entry' },
  key,
  kind: { type: 'string', enum: [...MEMORY_KINDS] },
  body: { type: 'string', description: 'Markdown, at most 100 KB of UTF-8.' },
  source: orNull({ ...source, description: 'Where a saved output came from; null for entries written through the API.' }),
  created_at: timestamp(),
  updated_at: timestamp(),
});

/** What DELETE /v1/memory/:key answers. */
export const deletedMemoryEntrySchema: JsonSchema = objectOf<DeletedMemoryEntryResource>({
  object: { type: 'string', const: 'memory_entry' },
  key,
  deleted: { type: 'boolean', const: true },
});
