/**
 * Group commit: appends made together share statements, and each still gets the
 * outcome it would have had alone: its events, its conflict, its earlier identical append.
 */
import { EventIdConflictError } from '../event-id-conflict.error';
import { WrongExpectedVersionError, type AppendResult } from '../event-store.port';
import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { statementsOf } from '../testing/statements-of';
import { behindALoneAppend, counted, tallyStorePerSuite, tallyFold } from './grouped-appends.fixtures';

describe('grouped appends (group commit)', () => {
  const env = tallyStorePerSuite();

  const transactionsOf = async (streams: readonly string[]): Promise<number> =>
    Number(
      (await env.db.pool.query<{ n: string }>('SELECT count(DISTINCT transaction_id)::text AS n FROM events WHERE stream_name = ANY($1)', [streams])).rows[0].n,
    );

  it('a lone append goes at once, alone, in the statement it always had', async () => {
    const stream = newStreamName();
    const statements = await statementsOf(async () => {
      await env.store.append(stream, [newEvent()], 'no_stream');
      await env.store.append(stream, [newEvent()], 0);
    });
    expect(statements).toEqual(['append_to_stream', 'append_to_stream']);
    expect(await transactionsOf([stream])).toBe(2);
  });

  it('appends made together share statements and transactions, and each gets its own position', async () => {
    const streams = Array.from({ length: 30 }, () => newStreamName());
    let results: AppendResult[] = [];
    const statements = await statementsOf(async () => {
      results = await Promise.all(streams.map((stream) => env.store.append(stream, [newEvent(), newEvent()], 'no_stream')));
    });
    // One statement at a time in flight: the first goes alone, the other 29 wait and go together.
    expect(statements).toEqual(['append_to_stream', 'grouped appends']);
    expect(await transactionsOf(streams)).toBe(2);
    expect(results.map((result) => result.nextExpectedRevision)).toEqual(streams.map(() => 1));
    const stored = await Promise.all(streams.map((stream) => env.store.read(stream)));
    expect(stored.map((events) => events.map((event) => event.streamRevision))).toEqual(streams.map(() => [0, 1]));
    // Checkpoints are positions in the store's order: each result names its own stream's last event.
    expect(results.map((result) => result.checkpoint)).toEqual(stored.map((events) => events[1].checkpoint));
  });

  it('at most 64 appends go in one statement: 70 with projection writes go as one alone, then 64, then 5', async () => {
    const streams = Array.from({ length: 70 }, () => newStreamName('tally'));
    const statements = await statementsOf(() =>
      Promise.all(
        streams.map((stream) => env.store.append(stream, [counted(stream)], 'no_stream', { folded: { fold: tallyFold, state: { stream, count: 1 } } })),
      ),
    );
    expect(statements).toEqual(['append_to_stream', 'grouped appends', 'grouped appends']);
    const { rows } = await env.db.pool.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM tallies_view WHERE stream = ANY($1) AND count = 1 AND revision = 0',
      [streams],
    );
    expect(Number(rows[0].n)).toBe(70);
    expect(await transactionsOf(streams)).toBe(3);
  });

  /** The first append goes alone; the rest, asked for meanwhile, wait for it and go as one group. */
  it("a conflict or a repeat in a group is its own append's; the others are written", async () => {
    const [taken, repeated] = [newStreamName(), newStreamName()];
    await env.store.append(taken, [newEvent()], 'no_stream');
    const first = newEvent();
    const original = await env.store.append(repeated, [first], 'no_stream');
    const streams = Array.from({ length: 4 }, () => newStreamName());
    const statements = await statementsOf(async () => {
      const [conflict, repeat, ...others] = await behindALoneAppend(env.store, () => [
        env.store.append(taken, [newEvent()], 'no_stream'),
        env.store.append(repeated, [first], 'no_stream'),
        ...streams.map((stream) => env.store.append(stream, [newEvent()], 'no_stream')),
      ]);
      expect(conflict).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
      expect(repeat).toEqual({ status: 'fulfilled', value: { ...original, repeated: true } });
      expect(others.map((other) => other.status)).toEqual(streams.map(() => 'fulfilled'));
    });
    // The lone append, the group, and for each append it refused a lookup of its ids (a repeat?), as alone.
    expect(statements).toEqual(['append_to_stream', 'grouped appends', 'SELECT', 'SELECT']);
    expect((await env.store.read(taken)).length).toBe(1);
    expect((await env.store.read(repeated)).map((event) => event.id)).toEqual([first.id]);
    expect(await transactionsOf(streams)).toBe(1);
  });

  it('appends to one stream asked together go in successive statements, each after the one asked before it', async () => {
    const stream = newStreamName();
    const others = Array.from({ length: 3 }, () => newStreamName());
    const statements = await statementsOf(async () => {
      const settled = await behindALoneAppend(env.store, () => [
        env.store.append(stream, [newEvent()], 'no_stream'),
        env.store.append(stream, [newEvent(), newEvent()], 0),
        ...others.map((other) => env.store.append(other, [newEvent()], 'no_stream')),
        env.store.append(stream, [newEvent()], 2),
      ]);
      expect(settled.map((outcome) => outcome.status)).toEqual(Array.from({ length: 6 }, () => 'fulfilled'));
    });
    // The lone append; the first of the stream's with the others; then its second, and its third, each alone.
    expect(statements).toEqual(['append_to_stream', 'grouped appends', 'append_to_stream', 'append_to_stream']);
    expect((await env.store.read(stream)).map((event) => event.streamRevision)).toEqual([0, 1, 2, 3]);
  });

  it('in a group, an append with a stale revision, one expecting the stream to exist and one to any stream each get what they would alone', async () => {
    const [existing, fresh, stale] = [newStreamName(), newStreamName(), newStreamName()];
    await env.store.append(existing, [newEvent()], 'no_stream');
    await env.store.append(stale, [newEvent(), newEvent()], 'no_stream');
    const [exists, missing, any, old] = await behindALoneAppend(env.store, () => [
      env.store.append(existing, [newEvent()], 'stream_exists'),
      env.store.append(fresh, [newEvent()], 'stream_exists'),
      env.store.append(newStreamName(), [newEvent(), newEvent(), newEvent()], 'any'),
      env.store.append(stale, [newEvent()], 0),
    ]);
    expect(exists).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 1 } });
    expect(missing).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
    expect(any).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 2 } });
    expect(old).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
    expect(await env.store.read(fresh)).toEqual([]);
    expect((await env.store.read(stale)).length).toBe(2);
  });

  it('a group that fails as a whole (an event id stored in another stream) runs again one append at a time', async () => {
    const elsewhere = newStreamName();
    const clash = newEvent();
    await env.store.append(elsewhere, [clash], 'no_stream');
    const streams = Array.from({ length: 3 }, () => newStreamName());
    const statements = await statementsOf(async () => {
      const [clashing, ...others] = await behindALoneAppend(env.store, () => [
        env.store.append(newStreamName(), [newEvent(), clash], 'no_stream'),
        ...streams.map((stream) => env.store.append(stream, [newEvent()], 'no_stream')),
      ]);
      expect(clashing).toMatchObject({ status: 'rejected', reason: expect.any(EventIdConflictError) });
      expect(others.map((other) => other.status)).toEqual(streams.map(() => 'fulfilled'));
    });
    expect(statements.filter((statement) => statement === 'grouped appends')).toHaveLength(1);
    // Lone, group (rolled back), then the four again on their own.
    expect(statements.filter((statement) => statement === 'append_to_stream')).toHaveLength(5);
    expect(await Promise.all(streams.map(async (stream) => (await env.store.read(stream)).length))).toEqual([1, 1, 1]);
    expect((await env.store.read(elsewhere)).map((event) => event.id)).toEqual([clash.id]);
  });
});
