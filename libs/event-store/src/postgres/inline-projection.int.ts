import type { SqlClient } from '@eh/platform';
import { postgresStorePerSuite } from '../testing/postgres-store-per-suite';
import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { eventStoreMigrations } from './event-store.migrations';
import type { InlineProjection } from './inline-projection';
import { PostgresEventStore } from './postgres-event-store';
import { statementsOf } from '../testing/statements-of';

/** Counts `item.added` events per stream; `item.rejected` makes it throw. */
const itemCounts: InlineProjection = {
  name: 'item_counts',
  handles: ['item.added', 'item.rejected'],
  async apply(events, tx) {
    for (const event of events) {
      if (event.type === 'item.rejected') throw new Error(`rejected ${event.id}`);
      await tx.query(
        `INSERT INTO item_counts (stream, n) VALUES ($1, 1)
         ON CONFLICT (stream) DO UPDATE SET n = item_counts.n + 1`,
        [event.streamName],
      );
    }
  },
  async reset(tx) {
    await tx.query('TRUNCATE item_counts');
  },
};

async function countOf(db: SqlClient, stream: string): Promise<number | undefined> {
  const { rows } = await db.query<{ n: number }>('SELECT n FROM item_counts WHERE stream = $1', [stream]);
  return rows[0]?.n;
}

describe('PostgresEventStore inline projections', () => {
  const env = postgresStorePerSuite(
    [...eventStoreMigrations, { id: 'test/item-counts', sql: 'CREATE TABLE item_counts (stream text PRIMARY KEY, n int NOT NULL)' }],
    { inlineProjections: [itemCounts] },
  );

  it('updates the read model in the append transaction: visible when append returns', async () => {
    const stream = newStreamName('cart');
    await env.store.append(stream, [newEvent('item.added'), newEvent('cart.viewed'), newEvent('item.added')], 'no_stream');
    expect(await countOf(env.db.pool, stream)).toBe(2);
  });

  it('a refolding projection gets the whole appended stream from the append itself, new events last', async () => {
    const seen: string[][] = [];
    const refolding: InlineProjection = {
      name: 'refold_probe',
      refoldsStreams: true,
      handles: ['item.added'],
      async apply(events, _tx, readStream) {
        for (const name of new Set(events.map((event) => event.streamName)))
          seen.push((await readStream(name)).map((event) => `${event.type}@${event.streamRevision}`));
      },
    };
    const refolds = new PostgresEventStore(env.db.pool, { inlineProjections: [refolding] });
    try {
      const stream = newStreamName('cart');
      await refolds.append(stream, [newEvent('cart.viewed')], 'no_stream');
      await refolds.append(stream, [newEvent('item.added'), newEvent('item.added')], 0);
      // Only the second append had a handled event; it saw the first append's event as well.
      expect(seen).toEqual([['cart.viewed@0', 'item.added@1', 'item.added@2']]);
      const statements = await statementsOf(() => refolds.append(stream, [newEvent('item.added')], 2));
      expect(seen[1]).toEqual(['cart.viewed@0', 'item.added@1', 'item.added@2', 'item.added@3']);
      // Nothing read the stream again for the refold.
      expect(statements).toEqual(['BEGIN', 'append_to_stream', 'COMMIT']);
    } finally {
      await refolds.close();
    }
  });

  it('an append no projection handles is one statement: no transaction is opened for it', async () => {
    const stream = newStreamName('cart');
    expect(await statementsOf(() => env.store.append(stream, [newEvent('cart.viewed')], 'no_stream'))).toEqual(['append_to_stream']);
    expect((await env.store.read(stream)).map((e) => e.type)).toEqual(['cart.viewed']);
    // A version mismatch on that path still answers as before.
    await expect(env.store.append(stream, [newEvent('cart.viewed')], 'no_stream')).rejects.toThrow(/expected/i);
  });

  it('a projection that throws aborts the append: nothing is written', async () => {
    const stream = newStreamName('cart');
    await env.store.append(stream, [newEvent('item.added')], 'no_stream');
    const failing = env.store.append(stream, [newEvent('item.added'), newEvent('item.rejected')], 0);
    await expect(failing).rejects.toThrow(/rejected/);
    expect((await env.store.read(stream)).map((e) => e.type)).toEqual(['item.added']);
    expect(await countOf(env.db.pool, stream)).toBe(1);
    // The stream is not left locked or half-written: the next append goes through.
    await env.store.append(stream, [newEvent('item.added')], 0);
    expect(await countOf(env.db.pool, stream)).toBe(2);
  });

  it('rebuildProjection resets the model and replays the handled events in env.store order', async () => {
    const stream = newStreamName('cart');
    await env.store.append(stream, [newEvent('item.added'), newEvent('item.added')], 'no_stream');
    await env.db.pool.query('UPDATE item_counts SET n = 99');
    const replayed = await env.store.rebuildProjection(itemCounts);
    expect(await countOf(env.db.pool, stream)).toBe(2);
    const { rows } = await env.db.pool.query<{ total: string }>("SELECT count(*)::text AS total FROM events WHERE event_type = 'item.added'");
    expect(replayed).toBe(Number(rows[0]?.total));
  });
});
