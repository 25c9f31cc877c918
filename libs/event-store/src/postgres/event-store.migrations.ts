import type { Migration } from '@eh/platform';

/** The commit notice since migration 004: the stream and the appending transaction's id (CommitNotices). */
const NOTICE_WITH_TRANSACTION = "p_stream || ' ' || pg_current_xact_id()::text";

/**
 * The events table. `transaction_id` is what makes the global
 * order safe to tail: readAll returns only rows whose transaction is older than every one still
 * running, ordered by (transaction_id, global_position), so a row committed late is never
 * passed over. The index serves exactly that scan.
 */
export const eventStoreMigrations: readonly Migration[] = [
  {
    id: 'event-store/001-events',
    sql: `
      CREATE TABLE events (
        global_position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id text NOT NULL UNIQUE,
        stream_name text NOT NULL,
        stream_revision bigint NOT NULL,
        event_type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream_name, stream_revision)
      );
      CREATE INDEX events_transaction_order ON events (transaction_id, global_position);
    `,
  },
  {
    // The append's lock, revision check, insert and notify in one round trip (four before).
    // PL/pgSQL because each statement takes a new snapshot: the revision is read after the lock is
    // held, which one SQL statement (one snapshot, taken before waiting for the lock) could not do.
    id: 'event-store/002-append-function',
    sql: appendFunction('p_stream'),
  },
  {
    // The notice carries the transaction id, so a listener can tell when it has heard
    // every commit up to an event's (notices arrive in commit order; CommitNotices).
    id: 'event-store/004-append-notice-transaction',
    sql: appendFunction(NOTICE_WITH_TRANSACTION),
  },
  {
    // A null channel sends no notice, for appends nobody waits to hear of (PostgresEventStoreOptions.quietAppend).
    id: 'event-store/005-quiet-appends',
    sql: appendFunction(NOTICE_WITH_TRANSACTION, { quietWithoutChannel: true }),
  },
  {
    // The read back was planned anew on every call (pg_stat_statements under
    // bench:webhooks: 5,663 plans in 5,663 calls, 287 ms planning against 104 ms running). Its
    // `p_history OR stream_revision > v_actual` made the generic plan look dearer than a custom one,
    // so PostgreSQL never kept one. One query per case has a generic plan as cheap as a custom one.
    id: 'event-store/006-append-read-back-planned-once',
    sql: appendFunction(NOTICE_WITH_TRANSACTION, { quietWithoutChannel: true, readBackPerCase: true }),
  },
  {
    // A group's appends in one call (GroupedAppends). One call per append ran its four
    // statements each time: perf of PostgreSQL under bench:webhooks put executor start-up and
    // tear-down, not the rows, at a third of the appending backend's time.
    id: 'event-store/007-append-to-streams',
    sql: appendToStreamsFunction(),
  },
  {
    // A workspace's event stream replays its missed events from here (readWorkspace): the
    // workspace's own range of the store order, so a replay never walks other tenants' events.
    id: 'event-store/008-events-by-workspace',
    sql: `CREATE INDEX IF NOT EXISTS events_workspace_order ON events ((metadata ->> 'workspace_id'), transaction_id, global_position);`,
  },
];

/**
 * Several appends, to distinct streams, in one call: every stream's lock, in the order given
 * (the caller sorts by name, so two groups never wait on each other in a cycle); then, in a new
 * statement and so a new snapshot, every stream's revision; one insert of every event whose
 * append expected that revision; one notice per non-quiet append that wrote. The same locks as
 * append_to_stream, so the two append side by side. An append writes nothing when its revision
 * does not match or it has no events: its one row then has nulls but its `actual_revision`.
 * `p_appends[i]`/`p_offsets[i]`: event i's append (1-based) and its place in it (1-based).
 */
function appendToStreamsFunction(): string {
  return `
  CREATE OR REPLACE FUNCTION append_to_streams(
    p_streams text[], p_expected text[], p_channels text[],
    p_ids text[], p_types text[], p_appends int[], p_offsets int[], p_data jsonb, p_metadata jsonb)
  RETURNS TABLE (append_index int, position_text text, txid_text text, event_id text, revision_text text, actual_revision bigint)
  LANGUAGE plpgsql AS $fn$
  #variable_conflict use_column
  DECLARE
    v_actual bigint[];
    v_writes boolean[];
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(s.name, 0)) FROM unnest(p_streams) WITH ORDINALITY AS s(name, n) ORDER BY s.n;
    SELECT array_agg(r.actual ORDER BY r.n),
           array_agg((r.expected = 'any'
                      OR (r.expected = 'no_stream' AND r.actual = -1)
                      OR (r.expected = 'stream_exists' AND r.actual >= 0)
                      OR (r.expected ~ '^-?[0-9]+$' AND r.expected::bigint = r.actual))
                     AND r.n = ANY(p_appends) ORDER BY r.n)
      INTO v_actual, v_writes
      FROM (SELECT s.n, s.expected, coalesce((SELECT max(e.stream_revision) FROM events e WHERE e.stream_name = s.name), -1) AS actual
              FROM unnest(p_streams, p_expected) WITH ORDINALITY AS s(name, expected, n)) r;
    RETURN QUERY
      WITH inserted AS (
        INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata)
        SELECT u.id, p_streams[u.a], v_actual[u.a] + u.k, u.type, p_data -> (u.n::int - 1), p_metadata -> (u.n::int - 1)
          FROM unnest(p_ids, p_types, p_appends, p_offsets) WITH ORDINALITY AS u(id, type, a, k, n)
         WHERE v_writes[u.a]
         ORDER BY u.n
        RETURNING global_position, transaction_id, event_id, stream_name, stream_revision)
      SELECT array_position(p_streams, i.stream_name) - 1, i.global_position::text, i.transaction_id::text, i.event_id,
             i.stream_revision::text, v_actual[array_position(p_streams, i.stream_name)]
        FROM inserted i
      UNION ALL
      SELECT s.n - 1, NULL, NULL, NULL, NULL, v_actual[s.n]
        FROM generate_subscripts(p_streams, 1) AS s(n)
       WHERE NOT v_writes[s.n];
    PERFORM pg_notify(c.channel, c.stream || ' ' || pg_current_xact_id()::text)
       FROM unnest(p_channels, p_streams, v_writes) WITH ORDINALITY AS c(channel, stream, writes, n)
      WHERE c.writes AND c.channel IS NOT NULL
      ORDER BY c.n;
  END
  $fn$;
`;
}

/** The read back as one query (migrations 002 to 005), or one per case (`readBackPerCase`). */
function readBack(perCase: boolean): string {
  // Each event read back, and the stream's revision before the append.
  const readBackColumns = `e.global_position::text, e.transaction_id::text, e.event_id, e.stream_name, e.stream_revision::text,
                 e.event_type, e.data, e.metadata, e.recorded_at, v_actual`;
  if (!perCase) {
    return `RETURN QUERY
          SELECT ${readBackColumns}
            FROM events e
           WHERE e.stream_name = p_stream AND (p_history OR e.stream_revision > v_actual)
           ORDER BY e.stream_revision;`;
  }
  return `IF p_history THEN
          RETURN QUERY SELECT ${readBackColumns} FROM events e WHERE e.stream_name = p_stream ORDER BY e.stream_revision;
        ELSE
          RETURN QUERY SELECT ${readBackColumns} FROM events e WHERE e.stream_name = p_stream AND e.stream_revision > v_actual ORDER BY e.stream_revision;
        END IF;`;
}

/**
 * The append function; `notifyPayload` is the SQL expression sent with its NOTIFY. With
 * `quietWithoutChannel`, a null `p_channel` sends none (before, pg_notify refused it). With
 * `readBackPerCase`, the read back is two queries, each planned once per connection.
 */
function appendFunction(notifyPayload: string, { quietWithoutChannel = false, readBackPerCase = false } = {}): string {
  const notify = `PERFORM pg_notify(p_channel, ${notifyPayload});`;
  return `
      CREATE OR REPLACE FUNCTION append_to_stream(
        p_stream text, p_expected text, p_ids text[], p_types text[], p_data jsonb[], p_metadata jsonb[],
        p_channel text, p_history boolean)
      RETURNS TABLE (position_text text, txid_text text, event_id text, stream_name text, revision_text text,
                     event_type text, data jsonb, metadata jsonb, recorded_at timestamptz, actual_revision bigint)
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      DECLARE
        v_actual bigint;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 0));
        SELECT coalesce(max(e.stream_revision), -1) INTO v_actual FROM events e WHERE e.stream_name = p_stream;
        IF NOT (p_expected = 'any'
                OR (p_expected = 'no_stream' AND v_actual = -1)
                OR (p_expected = 'stream_exists' AND v_actual >= 0)
                OR (p_expected ~ '^-?[0-9]+$' AND p_expected::bigint = v_actual))
           OR coalesce(array_length(p_ids, 1), 0) = 0 THEN
          -- No row but this one: the version did not match, or there was nothing to append.
          RETURN QUERY SELECT NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::jsonb, NULL::jsonb, NULL::timestamptz, v_actual;
          RETURN;
        END IF;
        INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata)
          SELECT u.id, p_stream, v_actual + u.ord, u.type, u.data, u.metadata
            FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS u(id, type, data, metadata, ord)
           ORDER BY u.ord;
        ${quietWithoutChannel ? `IF p_channel IS NOT NULL THEN ${notify} END IF;` : notify}
        -- With p_history the whole stream, for the inline projections that refold it (no second read).
        ${readBack(readBackPerCase)}
      END
      $fn$;
    `;
}
