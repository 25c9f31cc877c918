/**
 * An append the store is told is quiet (PostgresEventStoreOptions.quietAppend) is stored
 * like any other, but sends no commit notice, whichever way it goes to PostgreSQL: alone, grouped
 * with others that do notify, or in a transaction with a refolding inline projection.
 */
import { createPool, runMigrations } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import type { Pool } from 'pg';
import type { CommitObserver, NewEvent } from '../event-store.port';
import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { eventStoreMigrations } from './event-store.migrations';
import type { InlineProjection } from './inline-projection';
import { PostgresEventStore } from './postgres-event-store';

const QUIET_TYPE = 'contract.recorded';
const isQuiet = (_stream: string, events: readonly NewEvent[]): boolean => events.every((event) => event.type === QUIET_TYPE);

class HeardStreams implements CommitObserver {
  readonly streams: string[] = [];
  listens = 0;
  listening(): void {
    this.listens++;
  }
  lost(): void {}
  appended(streamName: string): void {
    this.streams.push(streamName);
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Refolds its streams, so an append that reaches it goes in a transaction of its own (appendInTransaction). */
const refolding: InlineProjection = { name: 'refold_probe', refoldsStreams: true, handles: ['probe.refolded'], async apply() {}, async reset() {} };

describe('PostgresEventStore quiet appends', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  let observer: HeardStreams;
  let unwatch: () => void;

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, eventStoreMigrations);
    pool = createPool(db.url, { max: 4 });
    store = new PostgresEventStore(pool, { quietAppend: isQuiet, inlineProjections: [refolding] });
    observer = new HeardStreams();
    unwatch = store.watchCommits(observer);
    await until(() => observer.listens === 1, 'the feed to listen');
  });

  afterAll(async () => {
    unwatch();
    await store.close();
    await pool.end();
    await db.drop();
  });

  /** Appends `loud` after the others: once its notice is heard, any notice of theirs would have been too (commit order). */
  async function heardBefore(loud: string): Promise<string[]> {
    await store.append(loud, [newEvent()], 'no_stream');
    await until(() => observer.streams.includes(loud), 'the loud append');
    return observer.streams.splice(0);
  }

  it('stores a quiet append alone and sends no notice for it', async () => {
    const quiet = newStreamName();
    await store.append(quiet, [newEvent(QUIET_TYPE), newEvent(QUIET_TYPE)], 'no_stream');
    const loud = newStreamName();
    expect(await heardBefore(loud)).toEqual([loud]);
    expect((await store.read(quiet)).map((event) => event.type)).toEqual([QUIET_TYPE, QUIET_TYPE]);
  });

  it('notifies for an append that holds any event that is not quiet', async () => {
    const mixed = newStreamName();
    await store.append(mixed, [newEvent(QUIET_TYPE), newEvent()], 'no_stream');
    const loud = newStreamName();
    expect(await heardBefore(loud)).toEqual([mixed, loud]);
  });

  it('in a group of appends in one statement, notifies for the loud ones only', async () => {
    const streams = Array.from({ length: 12 }, (_, index) => ({ name: newStreamName(), quiet: index % 3 !== 0 }));
    // Asked for at once: the first goes alone, the rest wait for it and go together.
    await Promise.all(streams.map((stream) => store.append(stream.name, [newEvent(stream.quiet ? QUIET_TYPE : 'contract.happened')], 'no_stream')));
    const loud = newStreamName();
    const heard = await heardBefore(loud);
    expect(new Set(heard)).toEqual(new Set([...streams.filter((stream) => !stream.quiet).map((stream) => stream.name), loud]));
    const stored = await Promise.all(streams.map(async (stream) => (await store.read(stream.name)).length));
    expect(stored).toEqual(streams.map(() => 1));
  });

  it('sends no notice for a quiet append in a transaction with a refolding projection', async () => {
    const quiet = newStreamName();
    await store.append(quiet, [newEvent(QUIET_TYPE), newEvent('probe.refolded')], 'no_stream');
    const loud = newStreamName();
    // The projection's event is not quiet: this append notifies.
    expect(await heardBefore(loud)).toEqual([quiet, loud]);
    const quieter = new PostgresEventStore(pool, { quietAppend: () => true, inlineProjections: [refolding] });
    try {
      const silent = newStreamName();
      await quieter.append(silent, [newEvent('probe.refolded')], 'no_stream');
      const next = newStreamName();
      expect(await heardBefore(next)).toEqual([next]);
      expect(await quieter.read(silent)).toHaveLength(1);
    } finally {
      await quieter.close();
    }
  });

  it('does not wake a waitForAppend', async () => {
    await store.waitForAppend(1); // LISTEN is up
    const heard = store.appendsHeard();
    await store.append(newStreamName(), [newEvent(QUIET_TYPE)], 'no_stream');
    const started = Date.now();
    await store.waitForAppend(300, undefined, heard);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(store.appendsHeard()).toBe(heard);
  });
});
