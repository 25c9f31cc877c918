import type { MemoryKind } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { findMemoryEntries, memoryBeyond, type MemoryReadScope } from './memory-view.query';

/** At most this many entries reach the expert at once: named ones first, then standing guidance, then recent outputs. */
export const EXPERT_MEMORY_LIMIT = 40;

export interface ExpertMemoryEntry {
  key: string;
  kind: MemoryKind;
  body: string;
  updated_at: string;
  /** true: the handoff named it in `context.memory_keys`. */
  named: boolean;
}

export interface ExpertMemory {
  /** The keys the handoff named, in its order. */
  named_keys: string[];
  /** Named keys whose entry has been deleted since the handoff opened. */
  missing_keys: string[];
  entries: ExpertMemoryEntry[];
  /** true when the workspace holds more than EXPERT_MEMORY_LIMIT entries. */
  truncated: boolean;
}

/**
 * The workspace's brand memory as the expert working one of its deployments reads it.
 * Always the deployment's own workspace and mode.
 */
export async function memoryForExpert(sql: SqlClient, scope: MemoryReadScope, namedKeys: readonly string[]): Promise<ExpertMemory> {
  const named = await findMemoryEntries(sql, scope, namedKeys);
  const room = Math.max(0, EXPERT_MEMORY_LIMIT - named.length);
  const others = await memoryBeyond(sql, scope, namedKeys, room + 1);
  const present = new Set(named.map((entry) => entry.key));
  const shape =
    (named: boolean) =>
    (entry: { key: string; kind: MemoryKind; body: string; updated_at: string }): ExpertMemoryEntry => ({
      key: entry.key,
      kind: entry.kind,
      body: entry.body,
      updated_at: entry.updated_at,
      named,
    });
  return {
    named_keys: [...namedKeys],
    missing_keys: namedKeys.filter((key) => !present.has(key)),
    entries: [...named.map(shape(true)), ...others.slice(0, room).map(shape(false))],
    truncated: others.length > room,
  };
}
