import type { PoolClient } from 'pg';
import { currentTraceparent } from '@eh/platform';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
} from '../event-store.port';
import { EventIdConflictError } from '../event-id-conflict.error';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import { applyInlineProjections, type InlineProjection } from './inline-projection';
import { findPreviousAppend } from './previous-append';

export interface AppendContext {
  projections: readonly InlineProjection[];
  notifyChannel: string;
}

/** Outcome of the transaction: either new events, or the result of an earlier identical append. */
export type AppendOutcome = { kind: 'appended'; events: RecordedEvent[] } | { kind: 'repeated'; result: AppendResult };

export function versionMatches(expected: ExpectedVersion, actualRevision: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actualRevision === -1;
    case 'stream_exists':
      return actualRevision >= 0;
    default:
      return expected === actualRevision;
  }
}

/**
 * The body of one append transaction, on a client that has run BEGIN. The caller commits.
 * The stream's advisory lock comes before any write, so the next appender to this stream is
 * assigned its transaction id only after this one ends: inside a stream, transaction-id order
 * (what readAll follows) equals revision order.
 */
export async function appendInTransaction(
  client: PoolClient,
  streamName: string,
  events: readonly NewEvent[],
  expected: ExpectedVersion,
  context: AppendContext,
): Promise<AppendOutcome> {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [streamName]);
  const current = await client.query<{ revision: string | null }>(
    'SELECT max(stream_revision)::text AS revision FROM events WHERE stream_name = $1',
    [streamName],
  );
  const actualRevision = current.rows[0]?.revision === null ? -1 : Number(current.rows[0]?.revision);
  if (!versionMatches(expected, actualRevision)) {
    // A retried command whose events are already in: report the first outcome, not a conflict.
    const previous = await findPreviousAppend(client, streamName, events);
    if (previous) return { kind: 'repeated', result: previous };
    throw new WrongExpectedVersionError(streamName, expected, actualRevision);
  }
  if (events.length === 0) return { kind: 'appended', events: [] };
  // Issue 16: the appending span's context travels with the events (PostgreSQL → relay → NATS header).
  const traceparent = currentTraceparent();

  const inserted = await client.query<EventRow>(
    `INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata)
     SELECT e.id, $1, $2::bigint + e.ord, e.type, e.data, e.metadata
       FROM unnest($3::text[], $4::text[], $5::jsonb[], $6::jsonb[])
            WITH ORDINALITY AS e(id, type, data, metadata, ord)
      ORDER BY e.ord
     RETURNING ${EVENT_COLUMNS}`,
    [
      streamName,
      actualRevision,
      events.map((event) => event.id),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data ?? null)),
      events.map((event) => JSON.stringify(withTraceparent(event.metadata, traceparent))),
    ],
  );
  const recorded = inserted.rows
    .map(toRecordedEvent)
    .sort((a, b) => a.streamRevision - b.streamRevision);
  await applyInlineProjections(context.projections, recorded, client);
  // Delivered at commit only, and only if we commit.
  await client.query('SELECT pg_notify($1, $2)', [context.notifyChannel, streamName]);
  return { kind: 'appended', events: recorded };
}

/** After a unique violation on event_id rolled the transaction back. */
export async function resolveDuplicateIds(
  client: PoolClient,
  streamName: string,
  events: readonly NewEvent[],
): Promise<AppendResult> {
  const previous = await findPreviousAppend(client, streamName, events);
  if (previous) return previous;
  // The clashing row was rolled back after all (its transaction aborted); the caller may retry.
  throw new EventIdConflictError(streamName, events.map((event) => event.id), 'concurrent append with the same ids aborted');
}

export function isUniqueViolation(err: unknown, constraint: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const pgErr = err as { code?: string; constraint?: string };
  return pgErr.code === '23505' && pgErr.constraint === constraint;
}

function withTraceparent(metadata: NewEvent['metadata'], traceparent: string | undefined): NewEvent['metadata'] {
  return traceparent === undefined || metadata.traceparent !== undefined ? metadata : { ...metadata, traceparent };
}
