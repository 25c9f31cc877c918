/**
 * Commands on one memory entry. `now` and the scope come in with the command
 *. PUT semantics: an entry is created or replaced whole; a write that
 * changes nothing appends nothing, so repeating it is harmless.
 */
import { DomainError, MEMORY_BODY_MAX_BYTES, type KeyMode, type MemoryEvent, type MemoryKind, type MemorySource, type Decider } from '@eh/contracts';
import { evolveMemoryEntry, initialMemoryEntryState, type MemoryEntryState } from './memory-entry.state';

export interface PutMemoryEntry {
  type: 'put';
  workspaceId: string;
  mode: KeyMode;
  key: string;
  kind: MemoryKind;
  body: string;
  source: MemorySource | null;
  now: string;
}

export interface DeleteMemoryEntry {
  type: 'delete';
  key: string;
  now: string;
}

export type MemoryCommand = PutMemoryEntry | DeleteMemoryEntry;

/** UTF-8 bytes: the limit is on storage, and a character count would let 4-byte text through at 400 KB. */
export const bodyBytes = (body: string): number => new TextEncoder().encode(body).length;
export const fitsInMemory = (body: string): boolean => bodyBytes(body) <= MEMORY_BODY_MAX_BYTES;

export function decideMemory(command: MemoryCommand, state: MemoryEntryState): MemoryEvent[] {
  switch (command.type) {
    case 'put':
      return put(command, state);
    case 'delete':
      if (state.status !== 'active') throw new DomainError('not_found', `no memory entry ${command.key} in this workspace`, 'key');
      return [
        {
          type: 'memory.entry_deleted',
          data: { workspace_id: state.entry.workspace_id, mode: state.entry.mode, key: state.entry.key, deleted_at: command.now },
        },
      ];
    default: {
      const unknown: never = command;
      throw new DomainError('invalid_request', `unknown memory command ${JSON.stringify(unknown)}`);
    }
  }
}

function put(command: PutMemoryEntry, state: MemoryEntryState): MemoryEvent[] {
  if (!fitsInMemory(command.body)) {
    throw new DomainError('invalid_request', `body must be at most ${MEMORY_BODY_MAX_BYTES} bytes of UTF-8 (100 KB)`, 'body');
  }
  const content = { workspace_id: command.workspaceId, mode: command.mode, key: command.key, kind: command.kind, body: command.body, source: command.source };
  if (state.status !== 'active') return [{ type: 'memory.entry_created', data: { ...content, created_at: command.now } }];
  const { entry } = state;
  const unchanged = entry.kind === command.kind && entry.body === command.body && sameSource(entry.source, command.source);
  return unchanged ? [] : [{ type: 'memory.entry_updated', data: { ...content, updated_at: command.now } }];
}

function sameSource(a: MemorySource | null, b: MemorySource | null): boolean {
  return a === null || b === null ? a === b : a.deployment_id === b.deployment_id && a.handoff_id === b.handoff_id;
}

export const memoryDecider: Decider<MemoryCommand, MemoryEvent, MemoryEntryState> = {
  initialState: initialMemoryEntryState,
  evolve: evolveMemoryEntry,
  decide: decideMemory,
};
