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
});
