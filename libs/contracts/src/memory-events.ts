/**
 * Brand memory: the workspace's stored positioning, voice and prior outputs, which the
 * expert works with. One stream per entry, scoped to a workspace
 * and a key mode, so nothing can ever be read across workspaces or from test into live.
 */
import type { KeyMode } from './deployment-events';

/** New kinds are added at the end, which is not a breaking change. */
export const MEMORY_KINDS = ['positioning', 'voice', 'prior_output', 'other'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** Lowercase, starts with a letter or digit; `.`, `_`, `-` separate words (docs/decisions.md). */
export const MEMORY_KEY = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** 100 KB of UTF-8 markdown per entry. */
export const MEMORY_BODY_MAX_BYTES = 100 * 1024;

/** Where a `prior_output` entry came from; null for entries written through the API. */
export interface MemorySource {
  deployment_id: string;
  handoff_id: string | null;
}

/** What an entry holds, as its events carry it. */
export interface MemoryEntryContent {
  workspace_id: string;
  mode: KeyMode;
  key: string;
  kind: MemoryKind;
  body: string;
  source: MemorySource | null;
}

export interface MemoryEntryCreated {
  type: 'memory.entry_created';
  data: MemoryEntryContent & { created_at: string };
}

export interface MemoryEntryUpdated {
  type: 'memory.entry_updated';
  data: MemoryEntryContent & { updated_at: string };
}

export interface MemoryEntryDeleted {
  type: 'memory.entry_deleted';
  data: { workspace_id: string; mode: KeyMode; key: string; deleted_at: string };
}

export type MemoryEvent = MemoryEntryCreated | MemoryEntryUpdated | MemoryEntryDeleted;

/**
 * `memory-<ws_id>_<mode>_<key>` with `.` written as `~` (not a key character): NATS subjects
 * split on `.`, and the mapping stays reversible and readable.
 */
export const memoryStreamName = (workspaceId: string, mode: KeyMode, key: string): string => `memory-${workspaceId}_${mode}_${key.replaceAll('.', '~')}`;
