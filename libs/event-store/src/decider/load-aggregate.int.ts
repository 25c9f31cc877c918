import { countingReads } from '../testing/counting-reads';
import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { postgresStorePerSuite } from '../testing/postgres-store-per-suite';
import { eventStoreMigrations } from '../postgres/event-store.migrations';
import { handleCommand, type Decider } from './command-handler';
import { loadAggregate } from './load-aggregate';
import { LruSnapshotCache } from './snapshot-cache';
import { UpcasterRegistry } from './upcaster-registry';

/** A counter whose `counter.added` changed shape twice: v1 `{n}`, v2 `{amount}`, v3 `{amount, unit}`. */
type Added = { type: 'counter.added'; data: { amount: number; unit: string } };
const upcasters = new UpcasterRegistry([
  { type: 'counter.added', fromVersion: 2, upcast: (data) => ({ ...(data as object), unit: 'credits' }) },
  { type: 'counter.added', fromVersion: 1, upcast: (data) => ({ amount: (data as { n: number }).n }) },
]);
const counter: Decider<number, Added, { total: number; units: string[] }> = {
  initialState: { total: 0, units: [] },
  evolve: (state, event) => ({ total: state.total + event.data.amount, units: [...state.units, event.data.unit] }),
  decide: (amount) => [{ type: 'counter.added', data: { amount, unit: 'credits' } }],
  upcasters,
};

describe('loadAggregate and handleCommand (one stream loader)', () => {
  const env = postgresStorePerSuite(eventStoreMigrations);

  const stored = (version: number, data: unknown) => {
    const event = newEvent('counter.added', data);
    return { ...event, metadata: { ...event.metadata, schema_version: version } };
  };

  it('upcasts every stored version to the latest shape before evolve sees it', async () => {
    const stream = newStreamName('counter');
    await env.store.append(stream, [stored(1, { n: 1 }), stored(2, { amount: 2 }), stored(3, { amount: 4, unit: 'hours' })], 'no_stream');
    expect(await loadAggregate(env.store, stream, counter)).toMatchObject({ state: { total: 7, units: ['credits', 'credits', 'hours'] }, revision: 2 });
  });

  it('folds up to a revision, and goes on from a known fold', async () => {
    const stream = newStreamName('counter');
    await env.store.append(
      stream,
      [stored(3, { amount: 1, unit: 'a' }), stored(3, { amount: 10, unit: 'b' }), stored(3, { amount: 100, unit: 'c' })],
      'no_stream',
    );
    expect(await loadAggregate(env.store, stream, { ...counter, to: 1 })).toMatchObject({ state: { total: 11 }, revision: 1 });
    expect(await loadAggregate(env.store, stream, { ...counter, to: -1 })).toMatchObject({ state: { total: 0 }, revision: -1 });
    const known = { state: { total: 1, units: ['a'] }, revision: 0 };
    expect(await loadAggregate(env.store, stream, { ...counter, from: known })).toMatchObject({ state: { total: 111, units: ['a', 'b', 'c'] }, revision: 2 });
  });

  it("writes each event at its type's current schema version, and keeps folds between calls", async () => {
    const stream = newStreamName('counter');
    const snapshots = new LruSnapshotCache<{ total: number; units: string[] }>(10);
    const context = { workspaceId: 'ws_1', correlationId: 'c', causationId: null, now: new Date().toISOString() };
    await handleCommand(env.store, counter, stream, 5, context, { snapshots });
    const result = await handleCommand(env.store, counter, stream, 6, context, { snapshots });
    expect([result.state.total, result.revision]).toEqual([11, 1]);
    expect((await env.store.read(stream)).map((event) => event.metadata.schema_version)).toEqual([3, 3]);
    expect(snapshots.get(stream)).toEqual({ state: result.state, revision: 1 });
  });

  it('refuses a chain of upcasters with a gap', () => {
    expect(() => new UpcasterRegistry([{ type: 'x.happened', fromVersion: 2, upcast: (data) => data }])).toThrow(/must run 1/);
  });
  describe('a fold believed without reading, proven only by an append (onlyAnAppendProvesAssumed)', () => {
    /** Adds its amount, refusing to go past a cap: a decision a stale fold can get wrong. */
    const capped: Decider<number, Added, { total: number; units: string[] }> = {
      ...counter,
      decide: (amount, state) => {
        if (state.total + amount > 10) throw new Error(`over the cap: ${state.total} + ${amount}`);
        return amount === 0 ? [] : [{ type: 'counter.added', data: { amount, unit: 'credits' } }];
      },
    };
    const context = { workspaceId: 'ws_1', correlationId: 'c', causationId: null, now: new Date().toISOString() };
    let reads = 0;
    const counted = () => countingReads(env.store, () => (reads += 1));
    const options = (assumed: { state: { total: number; units: string[] }; revision: number }) => ({ assumed, onlyAnAppendProvesAssumed: true });

    beforeEach(() => {
      reads = 0;
    });

    it('appends on a current belief without a read', async () => {
      const stream = newStreamName('counter');
      const first = await handleCommand(env.store, capped, stream, 4, context);
      const result = await handleCommand(counted(), capped, stream, 4, context, options(first));
      expect([result.state.total, result.revision, reads]).toEqual([8, 1, 0]);
    });

    it('decides a refusal again on a read: the belief was behind, the store allows it', async () => {
      const stream = newStreamName('counter');
      const believed = await handleCommand(env.store, capped, stream, 9, context);
      // Another writer takes the 9 back: the belief still says 9.
      await env.store.append(stream, [stored(3, { amount: -9, unit: 'credits' })], 0);
      const result = await handleCommand(counted(), capped, stream, 5, context, options(believed));
      expect([result.state.total, result.revision, reads]).toEqual([5, 2, 1]);
    });

    it('decides nothing-to-do again on a read, and a refusal that stands on the store stands', async () => {
      const stream = newStreamName('counter');
      const believed = await handleCommand(env.store, capped, stream, 9, context);
      const nothing = await handleCommand(counted(), capped, stream, 0, context, options(believed));
      expect([nothing.events.length, reads]).toEqual([0, 1]);
      await expect(handleCommand(counted(), capped, stream, 5, context, options(believed))).rejects.toThrow('over the cap: 9 + 5');
      expect(reads).toBe(2);
    });

    it('a belief behind the store that still decides to append meets the expected revision, and the retry reads', async () => {
      const stream = newStreamName('counter');
      const believed = await handleCommand(env.store, capped, stream, 1, context);
      await handleCommand(env.store, capped, stream, 1, context);
      const result = await handleCommand(counted(), capped, stream, 1, context, options(believed));
      expect([result.state.total, result.revision, reads]).toEqual([3, 2, 1]);
    });
  });
});
