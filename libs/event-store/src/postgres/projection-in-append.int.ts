import { postgresStorePerSuite } from '../testing/postgres-store-per-suite';
import { handleCommand, type Decider } from '../decider/command-handler';
import { WrongExpectedVersionError } from '../event-store.port';
import { newEvent, uniqueId } from '../testing/contract-fixtures';
import { eventStoreMigrations } from './event-store.migrations';
import { stateProjection } from './inline-projection';
import { inJsonbOrder } from './jsonb-order';
import { PostgresEventStore } from './postgres-event-store';
import { statementsOf } from '../testing/statements-of';

type CartEvent = { type: 'cart.item_added'; data: { sku: string; details: Record<string, unknown> } };
interface CartState {
  items: { sku: string; details: Record<string, unknown> }[];
}

const cartDecider: Decider<{ sku: string; details: Record<string, unknown> }, CartEvent, CartState> = {
  initialState: { items: [] },
  evolve: (state, event) => ({ items: [...state.items, event.data] }),
  decide: (command) => [{ type: 'cart.item_added', data: command }],
};

/** The same decisions on a fold of its own: its states are not the projection's to trust. */
const lookalikeDecider: typeof cartDecider = { ...cartDecider, evolve: (state, event) => cartDecider.evolve(state, event) };

/** Another decider over the projection's own fold (as the synthetic expert's): trusted. */
const stepsDecider: typeof cartDecider = { ...cartDecider, decide: (command) => cartDecider.decide(command, { items: [] }) };

const cartsView = stateProjection({
  name: 'carts_view',
  handles: ['cart.item_added'],
  fold: cartDecider,
  writes: (state: CartState, { revision, occurredAt }) => [
    {
      text: `INSERT INTO carts_view (stream, items, revision, changed_at)
             SELECT $1, $2::json, $3::bigint, $4::timestamptz FROM appended
             ON CONFLICT (stream) DO UPDATE SET items = EXCLUDED.items, revision = EXCLUDED.revision, changed_at = EXCLUDED.changed_at`,
      values: [streamOf(state), JSON.stringify(state.items), revision, occurredAt],
    },
  ],
  async reset(tx) {
    await tx.query('TRUNCATE carts_view');
  },
});

/** The stream is named after the first item's sku, so the writes need nothing but the state. */
const streamOf = (state: CartState): string => `cart-${state.items[0].sku}`;

const context = { workspaceId: 'ws_cart', correlationId: 'req_cart', causationId: null, now: '2030-01-02T03:04:05.000Z' };

describe('projection writes in the append statement', () => {
  const env = postgresStorePerSuite(
    [
      ...eventStoreMigrations,
      {
        id: 'test/carts-view',
        sql: 'CREATE TABLE carts_view (stream text PRIMARY KEY, items json NOT NULL, revision bigint NOT NULL, changed_at timestamptz NOT NULL)',
      },
    ],
    { inlineProjections: [cartsView] },
  );

  const rowOf = async (stream: string) =>
    (await env.db.pool.query('SELECT items::text, revision::int, changed_at FROM carts_view WHERE stream = $1', [stream])).rows[0];

  it("a command on the projection's own fold appends and projects in one statement, with no transaction", async () => {
    const sku = uniqueId('sku');
    const stream = `cart-${sku}`;
    const statements = await statementsOf(async () => {
      await handleCommand(env.store, cartDecider, stream, { sku, details: { size: 'L', colour: 'red' } }, context);
      await handleCommand(env.store, cartDecider, stream, { sku: 'second', details: {} }, context);
    });
    // Each command: one read of the stream, one statement that appends and projects.
    expect(statements.filter((s) => s !== 'SELECT')).toEqual(['append_to_stream', 'append_to_stream']);
    const row = await rowOf(stream);
    expect(row.revision).toBe(1);
    expect(row.changed_at.toISOString()).toBe(context.now);
    expect(JSON.parse(row.items)).toEqual([
      { sku, details: { size: 'L', colour: 'red' } },
      { sku: 'second', details: {} },
    ]);
  });

  it('trusts another decider built on the same fold', async () => {
    const sku = uniqueId('sku');
    const statements = await statementsOf(() => handleCommand(env.store, stepsDecider, `cart-${sku}`, { sku, details: {} }, context));
    expect(statements.filter((s) => s !== 'SELECT')).toEqual(['append_to_stream']);
    expect(JSON.parse((await rowOf(`cart-${sku}`)).items)).toEqual([{ sku, details: {} }]);
  });

  it('gives the rows a rebuild from the events gives, down to the order of keys the env.store hands back', async () => {
    const sku = uniqueId('sku');
    const stream = `cart-${sku}`;
    await handleCommand(env.store, cartDecider, stream, { sku, details: { zebra: 1, ab: { b: 2, a: 1 }, a: [{ yy: 1, x: 2 }], '10': 'n', é: true } }, context);
    const before = (await rowOf(stream)).items;
    await env.store.rebuildProjection(cartsView);
    expect((await rowOf(stream)).items).toBe(before);
  });

  it("a stale fold writes nothing: the append refuses the revision and the row keeps the stream's state", async () => {
    const sku = uniqueId('sku');
    const stream = `cart-${sku}`;
    await handleCommand(env.store, cartDecider, stream, { sku, details: {} }, context);
    const before = await rowOf(stream);
    const bogus: CartState = {
      items: [
        { sku, details: { forged: true } },
        { sku: 'x', details: {} },
        { sku: 'y', details: {} },
      ],
    };
    await expect(
      env.store.append(stream, [newEvent('cart.item_added', { sku: 'x', details: {} })], 5, { folded: { fold: cartDecider, state: bogus } }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await rowOf(stream)).toEqual(before);
  });

  it('an append repeated with the same ids changes nothing and answers as the first did', async () => {
    const sku = uniqueId('sku');
    const stream = `cart-${sku}`;
    const event = newEvent('cart.item_added', { sku, details: {} });
    const first = await env.store.append(stream, [event], 'no_stream', { folded: { fold: cartDecider, state: { items: [{ sku, details: {} }] } } });
    const again = await env.store.append(stream, [event], 'no_stream', {
      folded: { fold: cartDecider, state: { items: [{ sku, details: { forged: true } }] } },
    });
    expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
    expect(JSON.parse((await rowOf(stream)).items)).toEqual([{ sku, details: {} }]);
  });

  it('refolds in a transaction when the fold is another one, or the append expects no exact revision', async () => {
    const sku = uniqueId('sku');
    const stream = `cart-${sku}`;
    const lookalike = await statementsOf(() => handleCommand(env.store, lookalikeDecider, stream, { sku, details: {} }, context));
    expect(lookalike.filter((s) => s !== 'SELECT')).toEqual(['BEGIN', 'append_to_stream', 'WITH', 'COMMIT']);
    const anyRevision = await statementsOf(() =>
      env.store.append(stream, [newEvent('cart.item_added', { sku: 'z', details: {} })], 'any', { folded: { fold: cartDecider, state: { items: [] } } }),
    );
    expect(anyRevision).toEqual(['BEGIN', 'append_to_stream', 'WITH', 'COMMIT']);
    expect(JSON.parse((await rowOf(stream)).items)).toEqual([
      { sku, details: {} },
      { sku: 'z', details: {} },
    ]);
  });

  it('a projection that ignores the events is not run, and asks for no transaction', async () => {
    const applied: string[] = [];
    const quiet = new PostgresEventStore(env.db.pool, {
      inlineProjections: [
        cartsView,
        {
          name: 'free_items',
          handles: ['cart.item_added'],
          ignores: (events) => events.every((event) => (event.data as { sku: string }).sku.startsWith('free')),
          async apply(events) {
            applied.push(...events.map((event) => (event.data as { sku: string }).sku));
          },
        },
      ],
    });
    try {
      const sku = uniqueId('free');
      const ignored = await statementsOf(() => handleCommand(quiet, cartDecider, `cart-${sku}`, { sku, details: {} }, context));
      expect(ignored.filter((s) => s !== 'SELECT')).toEqual(['append_to_stream']);
      const paid = uniqueId('paid');
      const reached = await statementsOf(() => handleCommand(quiet, cartDecider, `cart-${paid}`, { sku: paid, details: {} }, context));
      expect(reached.filter((s) => s !== 'SELECT')).toEqual(['BEGIN', 'append_to_stream', 'WITH', 'COMMIT']);
      expect(applied).toEqual([paid]);
      expect(JSON.parse((await rowOf(`cart-${sku}`)).items)).toEqual([{ sku, details: {} }]);
    } finally {
      await quiet.close();
    }
  });

  it('a write that fails aborts the append: neither the events nor any row are stored', async () => {
    const refused = stateProjection({
      name: 'refused_items',
      handles: ['cart.item_added'],
      fold: cartDecider,
      // A NULL primary key: the statement fails after the function has appended.
      writes: () => [{ text: 'INSERT INTO carts_view (stream, items, revision, changed_at) SELECT NULL, $1::json, 0, now() FROM appended', values: ['[]'] }],
      async reset() {},
    });
    const failing = new PostgresEventStore(env.db.pool, { inlineProjections: [cartsView, refused] });
    try {
      const sku = uniqueId('sku');
      const stream = `cart-${sku}`;
      await expect(handleCommand(failing, cartDecider, stream, { sku, details: {} }, context)).rejects.toThrow(/null value/);
      expect(await env.store.read(stream)).toEqual([]);
      expect(await rowOf(stream)).toBeUndefined();
    } finally {
      await failing.close();
    }
  });

  it("inJsonbOrder gives what PostgreSQL's jsonb gives back", async () => {
    const samples: unknown[] = [
      { b: 1, a: 2, aa: 3, '': 0 },
      { '10': 'ten', '9': 'nine', a: 'a', '-1': 'minus', '01': 'lead' },
      { é: 1, e: 2, z: 3, ß: 4, '😀': 5, Z: 6 },
      [{ y: { d: 1, c: [{ bb: 1, a: null }] } }, 'x', 1.5, true, null],
      { dropped: undefined, kept: 'yes', when: new Date('2030-01-01T00:00:00Z') },
      // As many bytes, fewer characters: by bytes 'ab' comes before 'é', by characters after.
      { ba: 1, é: 2, ab: 3, _: 4, A: 5 },
      // Already in order at the top, out of order below it.
      { a: 1, bb: [{ z: 1, y: 2 }, { x: { d: 1, c: 2 } }], ccc: null },
      // A key named `__proto__` is data in jsonb and in JSON.parse's objects: it must stay a key.
      JSON.parse('{"zz": {"b": 1, "a": 2}, "__proto__": {"b": 1, "a": 2}, "a": 0}') as unknown,
      'plain',
    ];
    for (const sample of samples) {
      const { rows } = await env.db.pool.query<{ back: string }>('SELECT $1::jsonb::text AS back', [JSON.stringify(sample)]);
      expect(JSON.stringify(inJsonbOrder(sample))).toBe(JSON.stringify(JSON.parse(rows[0].back)));
    }
  });
});
