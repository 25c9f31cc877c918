import type { MemoryEvent } from '@eh/contracts';
import { eventProjection } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';

const MEMORY_EVENT_TYPES: readonly MemoryEvent['type'][] = ['memory.entry_created', 'memory.entry_updated', 'memory.entry_deleted'];

/**
 * Kept in the append's transaction, so a GET right after a PUT shows it. Each event carries
 * the whole entry, so rows are written from the event alone, never by folding the stream
 * (a stream may hold many 100 KB versions).
 */
export const memoryViewProjection = eventProjection<MemoryEvent>({
  name: 'memory_entries_view',
  handles: MEMORY_EVENT_TYPES,
  tables: ['memory_entries_view'],
  apply: applyMemoryEvent,
});

async function applyMemoryEvent(event: MemoryEvent, tx: SqlClient): Promise<void> {
  switch (event.type) {
    case 'memory.entry_created': {
      const d = event.data;
      await tx.query(
        `INSERT INTO memory_entries_view (workspace_id, mode, key, kind, body, source, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         ON CONFLICT (workspace_id, mode, key) DO UPDATE SET kind = EXCLUDED.kind, body = EXCLUDED.body,
           source = EXCLUDED.source, created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at`,
        [d.workspace_id, d.mode, d.key, d.kind, d.body, JSON.stringify(d.source), d.created_at],
      );
      return;
    }
    case 'memory.entry_updated': {
      const d = event.data;
      await tx.query('UPDATE memory_entries_view SET kind = $4, body = $5, source = $6, updated_at = $7 WHERE workspace_id = $1 AND mode = $2 AND key = $3', [
        d.workspace_id,
        d.mode,
        d.key,
        d.kind,
        d.body,
        JSON.stringify(d.source),
        d.updated_at,
      ]);
      return;
    }
    case 'memory.entry_deleted':
      await tx.query('DELETE FROM memory_entries_view WHERE workspace_id = $1 AND mode = $2 AND key = $3', [
        event.data.workspace_id,
        event.data.mode,
        event.data.key,
      ]);
      return;
  }
}
