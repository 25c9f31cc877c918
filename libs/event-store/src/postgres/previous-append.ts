import type { SqlClient } from '@eh/platform';
import type { AppendResult, NewEvent } from '../event-store.port';
import { EventIdConflictError } from '../event-id-conflict.error';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';

/**
 * Idempotent append: a command retried with deterministic event ids finds its events already
 * stored. That is a success only if every id sits in this stream, in this order, one revision
 * after the other; then the original AppendResult is returned.
 * Returns undefined when none of the ids is stored; throws EventIdConflictError when only
 * some are, or they are elsewhere.
 */
export async function findPreviousAppend(client: SqlClient, streamName: string, events: readonly NewEvent[]): Promise<AppendResult | undefined> {
  if (events.length === 0) return undefined;
  const ids = events.map((event) => event.id);
  const { rows } = await client.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = ANY($1::text[])`, [ids]);
  if (rows.length === 0) return undefined;
  const stored = new Map(rows.map((row) => [row.event_id, toRecordedEvent(row)]));
  const inOrder = ids.map((id) => stored.get(id));
  const first = inOrder[0];
  const sameBatch =
    first !== undefined &&
    inOrder.every((event, index) => event !== undefined && event.streamName === streamName && event.streamRevision === first.streamRevision + index);
  const last = inOrder[inOrder.length - 1];
  if (!sameBatch || last === undefined) {
    const where = rows.map((row) => `${row.event_id} in ${row.stream_name}@${row.revision_text}`).join(', ');
    throw new EventIdConflictError(streamName, ids, where);
  }
  return { nextExpectedRevision: last.streamRevision, checkpoint: last.checkpoint, repeated: true };
}
