import type { PoolClient } from 'pg';
import { currentTraceparent, type SqlClient } from '@eh/platform';
import { WrongExpectedVersionError, type AppendOptions, type AppendResult, type ExpectedVersion, type NewEvent } from '../event-store.port';
import { EventIdConflictError } from '../event-id-conflict.error';
import { toRecordedEvent, type EventRow } from './event-rows';
import { encodeCheckpoint } from './postgres-checkpoint';
import { applyInlineProjections, type InlineProjection } from './inline-projection';
import { findPreviousAppend } from './previous-append';
import { asWithItems, statementForShape, valuesOfWrites, type ProjectionWrite } from './projection-writes';

export interface AppendContext {
  /** The inline projections these events reach (projectionsFor): with none, no transaction is open. */
  projections: readonly InlineProjection[];
  /** Null: the append sends no commit notice (PostgresEventStoreOptions.quietAppend). */
  notifyChannel: string | null;
  /** Projection writes that go in the append's own statement (writesFromFold); `projections` is then empty. */
  writes?: readonly ProjectionWrite[];
  /** The trace of the span that asked for the append, when it runs later (GroupedAppends); else the current one. */
  traceparent?: string | undefined;
}

/** Where one new event landed: all an append's caller learns of it (EventStore.append returns the last). */
export interface AppendedPosition {
  streamRevision: number;
  checkpoint: string;
}

/** Outcome of the transaction: where the new events landed, or the result of an earlier identical append. */
export type AppendOutcome = { kind: 'appended'; appended: AppendedPosition[] } | { kind: 'repeated'; result: AppendResult };

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
 * The columns of `append_to_stream`'s rows that an outcome needs. Not the events' data
 * and metadata, which the caller has just sent: read back, PostgreSQL wrote them out as text and
 * the client parsed them again (a delivery's schedule carries its 1–2 KB body), only to be dropped.
 * All null on the one row of an append that wrote nothing.
 */
export interface AppendedRow {
  position_text: string | null;
  txid_text: string | null;
  revision_text: string | null;
  event_id: string | null;
  actual_revision: string;
}

export const APPENDED_COLUMNS = 'position_text, txid_text, revision_text, event_id, actual_revision';

/** A whole row, for the inline projections that are applied with the append (their events, or their streams' whole history). */
type AppendedEventRow = EventRow & { actual_revision: string };

/**
 * One append, in one round trip: the `append_to_stream` function takes the stream's
 * advisory lock before any write, so the next appender to this stream is assigned its
 * transaction id only after this one ends: inside a stream, transaction-id order (what readAll
 * follows) equals revision order. On a client that has run BEGIN when inline projections apply
 * (the caller commits); on its own, it is its own transaction.
 */
export async function appendAndProject(
  client: PoolClient,
  streamName: string,
  events: readonly NewEvent[],
  expected: ExpectedVersion,
  context: AppendContext,
): Promise<AppendOutcome> {
  const { projections } = context;
  // The appending span's context travels with the events (PostgreSQL → relay → NATS header).
  const traceparent = 'traceparent' in context ? context.traceparent : currentTraceparent();
  const withHistory = projections.some((projection) => projection.refoldsStreams === true);
  const values = appendValues(streamName, events, expected, context.notifyChannel, withHistory, traceparent);
  const whole = projections.length > 0;
  const { rows } = await client.query<AppendedRow>(...appendStatement(values, context.writes ?? [], whole));
  const outcome = await outcomeOfRows(client, streamName, events, expected, rows);
  if (outcome.kind === 'repeated' || outcome.appended.length === 0 || !whole) return outcome;
  // `whole`: the statement selected every column.
  const history = (rows as AppendedEventRow[]).map(toRecordedEvent);
  const before = Number(rows[0].actual_revision);
  await applyInlineProjections(
    projections,
    history.filter((event) => event.streamRevision > before),
    client,
    withHistory ? { [streamName]: history } : {},
  );
  return outcome;
}

/** The `append_to_stream` arguments of one append, in their order ($1 … $8). */
export function appendValues(
  streamName: string,
  events: readonly NewEvent[],
  expected: ExpectedVersion,
  notifyChannel: string | null,
  withHistory: boolean,
  traceparent: string | undefined,
): unknown[] {
  return [
    streamName,
    String(expected),
    events.map((event) => event.id),
    events.map((event) => event.type),
    JSON.stringify(events.map((event) => event.data ?? null)),
    JSON.stringify(events.map((event) => withTraceparent(event.metadata, traceparent))),
    notifyChannel,
    withHistory,
  ];
}

/**
 * What an append's rows from `append_to_stream` mean: its new events, or, when it wrote none, an
 * empty append, the first outcome of a retried one, or a version conflict (thrown). Run after the
 * append's transaction when it had its own, so an earlier identical append is visible.
 */
export async function outcomeOfRows(
  client: SqlClient,
  streamName: string,
  events: readonly NewEvent[],
  expected: ExpectedVersion,
  rows: readonly AppendedRow[],
): Promise<AppendOutcome> {
  const actualRevision = Number(rows[0]?.actual_revision ?? -1);
  if (rows.length === 0 || rows[0].event_id === null) {
    if (versionMatches(expected, actualRevision)) return { kind: 'appended', appended: [] };
    // A retried command whose events are already in: report the first outcome, not a conflict.
    const previous = await findPreviousAppend(client, streamName, events);
    if (previous) return { kind: 'repeated', result: previous };
    throw new WrongExpectedVersionError(streamName, expected, actualRevision);
  }
  const appended: AppendedPosition[] = [];
  for (const row of rows) {
    const streamRevision = Number(row.revision_text);
    // With p_history the rows are the whole stream: the new events are those past the revision it had.
    if (streamRevision > actualRevision)
      appended.push({ streamRevision, checkpoint: encodeCheckpoint({ transactionId: row.txid_text as string, globalPosition: row.position_text as string }) });
  }
  return { kind: 'appended', appended };
}

/**
 * A JSON array, made a `jsonb[]` in the statement. Sent as a `jsonb[]` literal, each
 * event's JSON was escaped again for the array (pg's escapeElement: 197 ms of the webhooks
 * process's samples in bench:webhooks), and the server unescaped it (array_in) before parsing it.
 */
const jsonbArray = (parameter: number): string => `ARRAY(SELECT e FROM jsonb_array_elements($${parameter}::jsonb) WITH ORDINALITY AS a(e, n) ORDER BY n)`;

/** `append_to_stream` called with the eight parameters that start at `$first`. */
const appendCall = (first: number): string =>
  `append_to_stream($${first}, $${first + 1}, $${first + 2}, $${first + 3}, ${jsonbArray(first + 4)}, ${jsonbArray(first + 5)}, $${first + 6}, $${first + 7})`;

const APPEND_CALL = appendCall(1);
const APPEND_ALONE = `SELECT ${APPENDED_COLUMNS} FROM ${APPEND_CALL}`;
const APPEND_ALONE_WHOLE = `SELECT * FROM ${APPEND_CALL}`;

/**
 * The append alone, or with projection writes in the same statement (one round trip, atomic on
 * its own). The writes read `appended`, which has a row only if the function wrote events: a
 * version mismatch writes nothing anywhere. Reading it also orders them after the function, so
 * they run under its stream lock. `whole`: the rows with the events' data, for inline projections.
 */
function appendStatement(appendValues: unknown[], writes: readonly ProjectionWrite[], whole: boolean): [string, unknown[]] {
  if (writes.length === 0) return [whole ? APPEND_ALONE_WHOLE : APPEND_ALONE, appendValues];
  const text = statementForShape(whole ? 'append-whole' : 'append', writes, () => {
    const { items } = asWithItems(writes, appendValues.length);
    return `WITH appended_rows AS MATERIALIZED (SELECT * FROM ${APPEND_CALL}),
          appended AS MATERIALIZED (SELECT 1 FROM appended_rows WHERE event_id IS NOT NULL LIMIT 1),
          ${items.join(',\n          ')}
     SELECT ${whole ? '*' : APPENDED_COLUMNS} FROM appended_rows ORDER BY revision_text::bigint NULLS FIRST`;
  });
  return [text, [...appendValues, ...valuesOfWrites(writes)]];
}

/**
 * The projections' writes in the append's own statement, when each projection the events reach
 * can say them without reading: from the caller's fold (the same fold, and the append expects an
 * exact position, so the fold describes the very stream it extends), or from the one event of the
 * append it handles (InlineProjection.fromEvent). Null: they are applied in the append's transaction.
 */
export function writesInStatement(
  projections: readonly InlineProjection[],
  events: readonly NewEvent[],
  expected: ExpectedVersion,
  folded: AppendOptions['folded'],
): ProjectionWrite[] | null {
  if (projections.length === 0 || events.length === 0) return null;
  const before = expected === 'no_stream' ? -1 : typeof expected === 'number' ? expected : null;
  const position = before === null ? null : { revision: before + events.length, occurredAt: events[events.length - 1].metadata.occurred_at };
  const writes: ProjectionWrite[] = [];
  for (const projection of projections) {
    if (folded && position && projection.fromState && sameFold(projection.fromState.fold, folded.fold)) {
      writes.push(...projection.fromState.writes(folded.state, position));
      continue;
    }
    // Two events of one append could change one row twice, which one statement cannot do.
    const handled = events.filter((event) => projection.handles.includes(event.type));
    const fromEvent = handled.length === 1 ? (projection.fromEvent?.(handled[0] as NewEvent) ?? null) : null;
    if (fromEvent === null) return null;
    writes.push(...fromEvent);
  }
  return writes;
}

const sameFold = (mine: { evolve: unknown; upcasters?: unknown } | undefined, theirs: { evolve: unknown; upcasters?: unknown }): boolean =>
  mine !== undefined && mine.evolve === theirs.evolve && mine.upcasters === theirs.upcasters;

/**
 * The inline projections an append's events reach and change (`ignores` says which they do
 * not): with none, the append needs no transaction of its own.
 */
export function projectionsFor(projections: readonly InlineProjection[], events: readonly NewEvent[]): InlineProjection[] {
  return projections.filter((projection) => {
    const handled = events.filter((event) => projection.handles.includes(event.type));
    return handled.length > 0 && !projection.ignores?.(handled);
  });
}

/** After a unique violation on event_id rolled the transaction back. */
export async function resolveDuplicateIds(client: PoolClient, streamName: string, events: readonly NewEvent[]): Promise<AppendResult> {
  const previous = await findPreviousAppend(client, streamName, events);
  if (previous) return previous;
  // The clashing row was rolled back after all (its transaction aborted); the caller may retry.
  throw new EventIdConflictError(
    streamName,
    events.map((event) => event.id),
    'concurrent append with the same ids aborted',
  );
}

export function isUniqueViolation(err: unknown, constraint: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const pgErr = err as { code?: string; constraint?: string };
  return pgErr.code === '23505' && pgErr.constraint === constraint;
}

export function withTraceparent(metadata: NewEvent['metadata'], traceparent: string | undefined): NewEvent['metadata'] {
  return traceparent === undefined || metadata.traceparent !== undefined ? metadata : { ...metadata, traceparent };
}
