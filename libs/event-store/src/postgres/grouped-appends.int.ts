/**
 * Group commit: appends made together share statements, and each still gets the
 * outcome it would have had alone: its events, its conflict, its earlier identical append.
 */
import { inSpan, runMigrations, startTracingWith } from '@eh/platform';
import { createTestDatabase, waitUntil, type TestDatabase } from '@eh/platform/testing';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { EventIdConflictError } from '../event-id-conflict.error';
import { WrongExpectedVersionError, type AppendResult } from '../event-store.port';
import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { statementsOf } from '../testing/statements-of';
import { eventStoreMigrations } from './event-store.migrations';
import { stateProjection } from './inline-projection';
import { PostgresEventStore } from './postgres-event-store';

interface TallyState {
  stream: string;
  count: number;
}

const tallyFold = {
  initialState: { stream: '', count: 0 } as TallyState,
  evolve: (state: TallyState, event: { data: unknown }): TallyState => ({ stream: (event.data as { stream: string }).stream, count: state.count + 1 }),
};

/** A projection whose rows follow from the caller's fold: its writes go in the append's statement. */
const talliesView = stateProjection({
  name: 'tallies_view',
  handles: ['tally.counted'],
  fold: tallyFold,
  writes: (state: TallyState, { revision }) => [
    {
      text: `INSERT INTO tallies_view (stream, count, revision) SELECT $1, $2::int, $3::bigint FROM appended
             ON CONFLICT (stream) DO UPDATE SET count = EXCLUDED.count, revision = EXCLUDED.revision`,
      values: [state.stream, state.count, revision],
    },
  ],
  async reset(tx) {
    await tx.query('TRUNCATE tallies_view');
  },
});

const counted = (stream: string) => newEvent('tally.counted', { stream });

/** The same rows as talliesView, written for a group in one statement over all its appends' rows. */
const rowTalliesView = stateProjection({
  name: 'row_tallies_view',
  handles: ['tally.rowed'],
  fold: tallyFold,
  writes: (state: TallyState, { revision }) => [
    {
      text: `INSERT INTO row_tallies_view (stream, count, revision, detail) SELECT $1, $2::int, $3::bigint, $4::json FROM appended
             ON CONFLICT (stream) DO UPDATE SET count = EXCLUDED.count, revision = EXCLUDED.revision, detail = EXCLUDED.detail`,
      values: [state.stream, state.count, revision, { stream: state.stream }],
      rows: {
        text: `INSERT INTO row_tallies_view (stream, count, revision, detail) SELECT stream, count, revision, detail FROM rows_appended
               ON CONFLICT (stream) DO UPDATE SET count = EXCLUDED.count, revision = EXCLUDED.revision, detail = EXCLUDED.detail`,
        columns: 'stream text, count int, revision bigint, detail json',
        row: { stream: state.stream, count: state.count, revision, detail: { stream: state.stream } },
      },
    },
  ],
  async reset(tx) {
    await tx.query('TRUNCATE row_tallies_view');
  },
});

const rowed = (stream: string) => newEvent('tally.rowed', { stream });

describe('grouped appends (group commit)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, [
      ...eventStoreMigrations,
      { id: 'test/tallies-view', sql: 'CREATE TABLE tallies_view (stream text PRIMARY KEY, count int NOT NULL, revision bigint NOT NULL)' },
      { id: 'test/row-tallies-view', sql: 'CREATE TABLE row_tallies_view (stream text PRIMARY KEY, count int NOT NULL, revision bigint NOT NULL, detail json NOT NULL)' },
    ]);
    store = new PostgresEventStore(db.pool, { inlineProjections: [talliesView, rowTalliesView], appendStatementsInFlight: 1 });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const transactionsOf = async (streams: readonly string[]): Promise<number> =>
    Number((await db.pool.query<{ n: string }>('SELECT count(DISTINCT transaction_id)::text AS n FROM events WHERE stream_name = ANY($1)', [streams])).rows[0].n);

  it('a lone append goes at once, alone, in the statement it always had', async () => {
    const stream = newStreamName();
    const statements = await statementsOf(async () => {
      await store.append(stream, [newEvent()], 'no_stream');
      await store.append(stream, [newEvent()], 0);
    });
    expect(statements).toEqual(['append_to_stream', 'append_to_stream']);
    expect(await transactionsOf([stream])).toBe(2);
  });

  it('appends made together share statements and transactions, and each gets its own position', async () => {
    const streams = Array.from({ length: 30 }, () => newStreamName());
    let results: AppendResult[] = [];
    const statements = await statementsOf(async () => {
      results = await Promise.all(streams.map((stream) => store.append(stream, [newEvent(), newEvent()], 'no_stream')));
    });
    // One statement at a time in flight: the first goes alone, the other 29 wait and go together.
    expect(statements).toEqual(['append_to_stream', 'grouped appends']);
    expect(await transactionsOf(streams)).toBe(2);
    expect(results.map((result) => result.nextExpectedRevision)).toEqual(streams.map(() => 1));
    const stored = await Promise.all(streams.map((stream) => store.read(stream)));
    expect(stored.map((events) => events.map((event) => event.streamRevision))).toEqual(streams.map(() => [0, 1]));
    // Checkpoints are positions in the store's order: each result names its own stream's last event.
    expect(results.map((result) => result.checkpoint)).toEqual(stored.map((events) => events[1].checkpoint));
  });

  it('at most 64 appends go in one statement: 70 with projection writes go as one alone, then 64, then 5', async () => {
    const streams = Array.from({ length: 70 }, () => newStreamName('tally'));
    const statements = await statementsOf(() =>
      Promise.all(streams.map((stream) => store.append(stream, [counted(stream)], 'no_stream', { folded: { fold: tallyFold, state: { stream, count: 1 } } }))),
    );
    expect(statements).toEqual(['append_to_stream', 'grouped appends', 'grouped appends']);
    const { rows } = await db.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM tallies_view WHERE stream = ANY($1) AND count = 1 AND revision = 0', [streams]);
    expect(Number(rows[0].n)).toBe(70);
    expect(await transactionsOf(streams)).toBe(3);
  });

  /** The first append goes alone; the rest, asked for meanwhile, wait for it and go as one group. */
  const behindALoneAppend = async <T>(group: () => Promise<T>[]): Promise<PromiseSettledResult<T>[]> => {
    const lone = store.append(newStreamName(), [newEvent()], 'no_stream');
    const settled = await Promise.allSettled(group());
    await lone;
    return settled;
  };

  it('a conflict or a repeat in a group is its own append\'s; the others are written', async () => {
    const [taken, repeated] = [newStreamName(), newStreamName()];
    await store.append(taken, [newEvent()], 'no_stream');
    const first = newEvent();
    const original = await store.append(repeated, [first], 'no_stream');
    const streams = Array.from({ length: 4 }, () => newStreamName());
    const statements = await statementsOf(async () => {
      const [conflict, repeat, ...others] = await behindALoneAppend(() => [
        store.append(taken, [newEvent()], 'no_stream'),
        store.append(repeated, [first], 'no_stream'),
        ...streams.map((stream) => store.append(stream, [newEvent()], 'no_stream')),
      ]);
      expect(conflict).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
      expect(repeat).toEqual({ status: 'fulfilled', value: { ...original, repeated: true } });
      expect(others.map((other) => other.status)).toEqual(streams.map(() => 'fulfilled'));
    });
    // The lone append, the group, and for each append it refused a lookup of its ids (a repeat?), as alone.
    expect(statements).toEqual(['append_to_stream', 'grouped appends', 'SELECT', 'SELECT']);
    expect((await store.read(taken)).length).toBe(1);
    expect((await store.read(repeated)).map((event) => event.id)).toEqual([first.id]);
    expect(await transactionsOf(streams)).toBe(1);
  });

  it('appends to one stream asked together go in successive statements, each after the one asked before it', async () => {
    const stream = newStreamName();
    const others = Array.from({ length: 3 }, () => newStreamName());
    const statements = await statementsOf(async () => {
      const settled = await behindALoneAppend(() => [
        store.append(stream, [newEvent()], 'no_stream'),
        store.append(stream, [newEvent(), newEvent()], 0),
        ...others.map((other) => store.append(other, [newEvent()], 'no_stream')),
        store.append(stream, [newEvent()], 2),
      ]);
      expect(settled.map((outcome) => outcome.status)).toEqual(Array.from({ length: 6 }, () => 'fulfilled'));
    });
    // The lone append; the first of the stream's with the others; then its second, and its third, each alone.
    expect(statements).toEqual(['append_to_stream', 'grouped appends', 'append_to_stream', 'append_to_stream']);
    expect((await store.read(stream)).map((event) => event.streamRevision)).toEqual([0, 1, 2, 3]);
  });

  it('in a group, an append with a stale revision, one expecting the stream to exist and one to any stream each get what they would alone', async () => {
    const [existing, fresh, stale] = [newStreamName(), newStreamName(), newStreamName()];
    await store.append(existing, [newEvent()], 'no_stream');
    await store.append(stale, [newEvent(), newEvent()], 'no_stream');
    const [exists, missing, any, old] = await behindALoneAppend(() => [
      store.append(existing, [newEvent()], 'stream_exists'),
      store.append(fresh, [newEvent()], 'stream_exists'),
      store.append(newStreamName(), [newEvent(), newEvent(), newEvent()], 'any'),
      store.append(stale, [newEvent()], 0),
    ]);
    expect(exists).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 1 } });
    expect(missing).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
    expect(any).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 2 } });
    expect(old).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
    expect(await store.read(fresh)).toEqual([]);
    expect((await store.read(stale)).length).toBe(2);
  });

  it('a group that fails as a whole (an event id stored in another stream) runs again one append at a time', async () => {
    const elsewhere = newStreamName();
    const clash = newEvent();
    await store.append(elsewhere, [clash], 'no_stream');
    const streams = Array.from({ length: 3 }, () => newStreamName());
    const statements = await statementsOf(async () => {
      const [clashing, ...others] = await behindALoneAppend(() => [
        store.append(newStreamName(), [newEvent(), clash], 'no_stream'),
        ...streams.map((stream) => store.append(stream, [newEvent()], 'no_stream')),
      ]);
      expect(clashing).toMatchObject({ status: 'rejected', reason: expect.any(EventIdConflictError) });
      expect(others.map((other) => other.status)).toEqual(streams.map(() => 'fulfilled'));
    });
    expect(statements.filter((statement) => statement === 'grouped appends')).toHaveLength(1);
    // Lone, group (rolled back), then the four again on their own.
    expect(statements.filter((statement) => statement === 'append_to_stream')).toHaveLength(5);
    expect(await Promise.all(streams.map(async (stream) => (await store.read(stream)).length))).toEqual([1, 1, 1]);
    expect((await store.read(elsewhere)).map((event) => event.id)).toEqual([clash.id]);
  });

  it('each append of a group writes its own projection rows, and one refused writes none', async () => {
    const streams = Array.from({ length: 4 }, () => newStreamName('tally'));
    await Promise.all(streams.map((stream) => store.append(stream, [counted(stream)], 'no_stream', { folded: { fold: tallyFold, state: { stream, count: 1 } } })));
    const [stale] = await behindALoneAppend(() => [
      // A fold from revision 7 of a stream at 0: refused, so its forged count is not written.
      store.append(streams[0], [counted(streams[0])], 7, { folded: { fold: tallyFold, state: { stream: streams[0], count: 99 } } }),
      ...streams.map((stream) => store.append(stream, [counted(stream)], 0, { folded: { fold: tallyFold, state: { stream, count: 2 } } })),
    ]);
    expect(stale).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
    const { rows } = await db.pool.query<{ stream: string; count: number; revision: string }>('SELECT stream, count, revision::text FROM tallies_view WHERE stream = ANY($1) ORDER BY stream', [streams]);
    expect(rows).toEqual([...streams].sort().map((stream) => ({ stream, count: 2, revision: '1' })));
  });

  it('a write that takes rows is made once for a group, for the appends that wrote, as each would alone; one refused writes none', async () => {
    const streams = Array.from({ length: 5 }, () => newStreamName('tally'));
    const [alone, ...grouped] = streams;
    const folded = (stream: string, count: number) => ({ folded: { fold: tallyFold, state: { stream, count } } });
    const statements = await statementsOf(() => Promise.all(streams.map((stream) => store.append(stream, [rowed(stream)], 'no_stream', folded(stream, 1)))));
    expect(statements).toEqual(['append_to_stream', 'grouped appends']);
    const [stale, ...next] = await behindALoneAppend(() => [
      // A fold from revision 7 of a stream at 0: refused, so its forged count is not written.
      store.append(alone, [rowed(alone)], 7, folded(alone, 99)),
      ...grouped.map((stream) => store.append(stream, [rowed(stream)], 0, folded(stream, 2))),
    ]);
    expect(stale).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
    expect(next.map((outcome) => outcome.status)).toEqual(grouped.map(() => 'fulfilled'));
    const { rows } = await db.pool.query<{ stream: string; count: number; revision: string; detail: unknown }>(
      'SELECT stream, count, revision::text, detail FROM row_tallies_view WHERE stream = ANY($1) ORDER BY stream',
      [streams],
    );
    const expected = (stream: string) => (stream === alone ? { stream, count: 1, revision: '0', detail: { stream } } : { stream, count: 2, revision: '1', detail: { stream } });
    expect(rows).toEqual([...streams].sort().map(expected));
  });

  it('a group whose rows clash (two appends upserting one key) runs again one append at a time, and both are written', async () => {
    const streams = [newStreamName('tally'), newStreamName('tally')];
    const key = `shared-${streams[0]}`;
    const statements = await statementsOf(async () => {
      const settled = await behindALoneAppend(() => streams.map((stream) => store.append(stream, [rowed(stream)], 'no_stream', { folded: { fold: tallyFold, state: { stream: key, count: 1 } } })));
      expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    });
    // The lone append, the group (refused: one INSERT cannot upsert a row twice), then the two alone.
    expect(statements).toEqual(['append_to_stream', 'grouped appends', 'append_to_stream', 'append_to_stream']);
    expect(await Promise.all(streams.map(async (stream) => (await store.read(stream)).length))).toEqual([1, 1]);
    const { rows } = await db.pool.query<{ count: number }>('SELECT count FROM row_tallies_view WHERE stream = $1', [key]);
    expect(rows).toEqual([{ count: 1 }]);
  });

  it('each event carries the trace of the span that appended it, not of the one that sent its group', async () => {
    const tracing = startTracingWith('grouped-appends-int', new InMemorySpanExporter());
    try {
      const streams = Array.from({ length: 4 }, () => newStreamName());
      const traces = new Map<string, string | undefined>();
      await behindALoneAppend(() =>
        streams.map((stream) =>
          inSpan(`append ${stream}`, {}, undefined, async (span) => {
            const ids = span?.spanContext();
            traces.set(stream, ids && `00-${ids.traceId}-${ids.spanId}-01`);
            return store.append(stream, [newEvent()], 'no_stream');
          }),
        ),
      );
      const stamped = await Promise.all(streams.map(async (stream) => (await store.read(stream))[0].metadata.traceparent));
      expect(stamped).toEqual(streams.map((stream) => traces.get(stream)));
      expect(stamped.every((traceparent) => typeof traceparent === 'string')).toBe(true);
      expect(new Set(stamped).size).toBe(streams.length);
    } finally {
      await tracing.shutdown();
    }
  });

  it('a group takes its streams\' locks in stream order: two groups over the same streams asked in opposite orders both commit', async () => {
    const streams = Array.from({ length: 6 }, () => newStreamName()).sort();
    await Promise.all(streams.map((stream) => store.append(stream, [newEvent()], 'no_stream')));
    const other = new PostgresEventStore(db.pool, { appendStatementsInFlight: 1 });
    // Both groups run up to the middle stream's lock and wait there; taken in the order asked,
    // one would then hold the streams before it and the other those after it, and each wait for the other.
    const holder = await db.pool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [streams[2]]);
    try {
      const lockWaits = async (): Promise<number> =>
        Number((await db.pool.query<{ n: string }>("SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'")).rows[0].n);
      let results: PromiseSettledResult<AppendResult>[][] = [];
      const statements = await statementsOf(async () => {
        const both = Promise.all([
          behindALoneAppend(() => streams.map((stream) => store.append(stream, [newEvent()], 'any'))),
          (async () => {
            const lone = other.append(newStreamName(), [newEvent()], 'no_stream');
            const settled = await Promise.allSettled([...streams].reverse().map((stream) => other.append(stream, [newEvent()], 'any')));
            await lone;
            return settled;
          })(),
        ]);
        await waitUntil(async () => (await lockWaits()) === 2, { timeoutMs: 5_000, intervalMs: 10, description: 'both groups to wait for a lock' });
        await holder.query('COMMIT');
        results = await both;
      });
      // Each store: its lone append and its group, nothing run again after a deadlock.
      const appends = statements.filter((statement) => statement === 'append_to_stream' || statement === 'grouped appends');
      expect(appends.sort()).toEqual(['append_to_stream', 'append_to_stream', 'grouped appends', 'grouped appends']);
      expect(results.flat().map((result) => result.status)).toEqual(Array.from({ length: 12 }, () => 'fulfilled'));
      expect(await Promise.all(streams.map(async (stream) => (await store.read(stream)).length))).toEqual(streams.map(() => 3));
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
      await other.close();
    }
  });
});
