/**
 * The public memory entry, Stripe-like: `object` names the shape; the key is the
 * identifier, since callers address entries by key (`PUT /v1/memory/:key`).
 */
import type { MemoryKind, MemorySource } from '@eh/contracts';
import type { MemoryEntry } from './memory-entry.state';

export interface MemoryEntryResource {
  object: 'memory_entry';
  key: string;
  kind: MemoryKind;
  body: string;
  /** `{deployment_id, handoff_id}` for a saved output; null for entries written through the API. */
  source: MemorySource | null;
  created_at: string;
  updated_at: string;
}

export interface DeletedMemoryEntryResource {
  object: 'memory_entry';
  key: string;
  deleted: true;
}

export const toMemoryEntryResource = (entry: MemoryEntry): MemoryEntryResource => ({
  object: 'memory_entry',
  key: entry.key,
  kind: entry.kind,
  body: entry.body,
  source: entry.source,
  created_at: entry.created_at,
  updated_at: entry.updated_at,
});

/** The key a saved output gets unless the caller names one: ids are uppercase, keys are not. */
export const priorOutputKey = (id: string): string => `prior-output.${id.toLowerCase()}`;
