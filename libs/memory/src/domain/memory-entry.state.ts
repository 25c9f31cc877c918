/**
 * One brand-memory entry, folded from its `memory-<ws>_<mode>_<key>` stream.
 * A tagged union on `status`; a deleted key can be written again.
 */
import type { MemoryEntryContent, MemoryEvent } from '@eh/contracts';

export interface MemoryEntry extends MemoryEntryContent {
  created_at: string;
  updated_at: string;
}

export type MemoryEntryState = { status: 'absent' } | { status: 'active'; entry: MemoryEntry } | { status: 'deleted'; key: string; deleted_at: string };

export const initialMemoryEntryState: MemoryEntryState = Object.freeze({ status: 'absent' });

/** Never throws; an event that does not fit the state leaves it unchanged. */
export function evolveMemoryEntry(state: MemoryEntryState, event: MemoryEvent): MemoryEntryState {
  switch (event.type) {
    case 'memory.entry_created': {
      if (state.status === 'active') return state;
      const { created_at, ...content } = event.data;
      return { status: 'active', entry: { ...content, created_at, updated_at: created_at } };
    }
    case 'memory.entry_updated': {
      if (state.status !== 'active') return state;
      const { updated_at, ...content } = event.data;
      return { status: 'active', entry: { ...content, created_at: state.entry.created_at, updated_at } };
    }
    case 'memory.entry_deleted':
      return state.status === 'active' ? { status: 'deleted', key: state.entry.key, deleted_at: event.data.deleted_at } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
