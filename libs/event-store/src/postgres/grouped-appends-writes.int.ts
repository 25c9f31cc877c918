/** Group commit, continued: the projection writes of a group, its traces and its locks. */
import { inSpan, startTracingWith } from '@eh/platform';
import { waitUntil } from '@eh/platform/testing';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { WrongExpectedVersionError, type AppendResult } from '../event-store.port';
import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { statementsOf } from '../testing/statements-of';
import { PostgresEventStore } from './postgres-event-store';
import { behindALoneAppend, counted, tallyStorePerSuite, rowed, tallyFold } from './grouped-appends.fixtures';

describe('grouped appends (group commit): projection writes, traces and locks', () => {
  const env = tallyStorePerSuite();

  it('each append of a group writes its own projection rows, and one refused writes none', async () => {
    const streams = Array.from({ length: 4 }, () => newStreamName('tally'));
    await Promise.all(
      streams.map((stream) => env.store.append(stream, [counted(stream)], 'no_stream', { folded: { fold: tallyFold, state: { stream, count: 1 } } })),
    );
    const [stale] = await behindALoneAppend(env.store, () => [
      // A fold from revision 7 of a stream at 0: refused, so its forged count is not written.
      env.store.append(streams[0], [counted(streams[0])], 7, { folded: { fold: tallyFold, state: { stream: streams[0], count: 99 } } }),
      ...streams.map((stream) => env.store.append(stream, [counted(stream)], 0, { folded: { fold: tallyFold, state: { stream, count: 2 } } })),
    ]);
    expect(stale).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
    const { rows } = await env.db.pool.query<{ stream: string; count: number; revision: string }>(
      'SELECT stream, count, revision::text FROM tallies_view WHERE stream = ANY($1) ORDER BY stream',
      [streams],
    );
    expect(rows).toEqual([...streams].sort().map((stream) => ({ stream, count: 2, revision: '1' })));
  });

  it('a write that takes rows is made once for a group, for the appends that wrote, as each would alone; one refused writes none', async () => {
    const streams = Array.from({ length: 5 }, () => newStreamName('tally'));
    const [alone, ...grouped] = streams;
    const folded = (stream: string, count: number) => ({ folded: { fold: tallyFold, state: { stream, count } } });
    const statements = await statementsOf(() =>
      Promise.all(streams.map((stream) => env.store.append(stream, [rowed(stream)], 'no_stream', folded(stream, 1)))),
    );
    expect(statements).toEqual(['append_to_stream', 'grouped appends']);
    const [stale, ...next] = await behindALoneAppend(env.store, () => [
      // A fold from revision 7 of a stream at 0: refused, so its forged count is not written.
      env.store.append(alone, [rowed(alone)], 7, folded(alone, 99)),
      ...grouped.map((stream) => env.store.append(stream, [rowed(stream)], 0, folded(stream, 2))),
    ]);
    expect(stale).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
    expect(next.map((outcome) => outcome.status)).toEqual(grouped.map(() => 'fulfilled'));
    const { rows } = await env.db.pool.query<{ stream: string; count: number; revision: string; detail: unknown }>(
      'SELECT stream, count, revision::text, detail FROM row_tallies_view WHERE stream = ANY($1) ORDER BY stream',
      [streams],
    );
    const expected = (stream: string) =>
      stream === alone ? { stream, count: 1, revision: '0', detail: { stream } } : { stream, count: 2, revision: '1', detail: { stream } };
    expect(rows).toEqual([...streams].sort().map(expected));
  });

  it('a group whose rows clash (two appends upserting one key) runs again one append at a time, and both are written', async () => {
    const streams = [newStreamName('tally'), newStreamName('tally')];
    const key = `shared-${streams[0]}`;
    const statements = await statementsOf(async () => {
      const settled = await behindALoneAppend(env.store, () =>
        streams.map((stream) => env.store.append(stream, [rowed(stream)], 'no_stream', { folded: { fold: tallyFold, state: { stream: key, count: 1 } } })),
      );
      expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    });
    // The lone append, the group (refused: one INSERT cannot upsert a row twice), then the two alone.
    expect(statements).toEqual(['append_to_stream', 'grouped appends', 'append_to_stream', 'append_to_stream']);
    expect(await Promise.all(streams.map(async (stream) => (await env.store.read(stream)).length))).toEqual([1, 1]);
    const { rows } = await env.db.pool.query<{ count: number }>('SELECT count FROM row_tallies_view WHERE stream = $1', [key]);
    expect(rows).toEqual([{ count: 1 }]);
  });

  it('each event carries the trace of the span that appended it, not of the one that sent its group', async () => {
    const tracing = startTracingWith('grouped-appends-int', new InMemorySpanExporter());
    try {
      const streams = Array.from({ length: 4 }, () => newStreamName());
      const traces = new Map<string, string | undefined>();
      await behindALoneAppend(env.store, () =>
        streams.map((stream) =>
          inSpan(`append ${stream}`, {}, undefined, async (span) => {
            const ids = span?.spanContext();
            traces.set(stream, ids && `00-${ids.traceId}-${ids.spanId}-01`);
            return env.store.append(stream, [newEvent()], 'no_stream');
          }),
        ),
      );
      const stamped = await Promise.all(streams.map(async (stream) => (await env.store.read(stream))[0].metadata.traceparent));
      expect(stamped).toEqual(streams.map((stream) => traces.get(stream)));
      expect(stamped.every((traceparent) => typeof traceparent === 'string')).toBe(true);
      expect(new Set(stamped).size).toBe(streams.length);
    } finally {
      await tracing.shutdown();
    }
  });

  it("a group takes its streams' locks in stream order: two groups over the same streams asked in opposite orders both commit", async () => {
    const streams = Array.from({ length: 6 }, () => newStreamName()).sort();
    await Promise.all(streams.map((stream) => env.store.append(stream, [newEvent()], 'no_stream')));
    const other = new PostgresEventStore(env.db.pool, { appendStatementsInFlight: 1 });
    // Both groups run up to the middle stream's lock and wait there; taken in the order asked,
    // one would then hold the streams before it and the other those after it, and each wait for the other.
    const holder = await env.db.pool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [streams[2]]);
    try {
      const lockWaits = async (): Promise<number> =>
        Number(
          (
            await env.db.pool.query<{ n: string }>(
              "SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'",
            )
          ).rows[0].n,
        );
      let results: PromiseSettledResult<AppendResult>[][] = [];
      const statements = await statementsOf(async () => {
        const both = Promise.all([
          behindALoneAppend(env.store, () => streams.map((stream) => env.store.append(stream, [newEvent()], 'any'))),
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
      expect(await Promise.all(streams.map(async (stream) => (await env.store.read(stream)).length))).toEqual(streams.map(() => 3));
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
      await other.close();
    }
  });
});
