import { DomainError } from '@eh/contracts';
import { postgresStorePerSuite } from '../testing/postgres-store-per-suite';
import { WrongExpectedVersionError } from '../event-store.port';
import { newEvent, uniqueId } from '../testing/contract-fixtures';
import { statementsOf } from '../testing/statements-of';
import { eventStoreMigrations } from './event-store.migrations';
import { eventProjection } from './event-projection';

type WalletEvent =
  | { type: 'wallet.paid_in'; data: { wallet: string; amount: number } }
  | { type: 'wallet.paid_out'; data: { wallet: string; amount: number; fenced?: boolean } };

/**
 * Each event adds to or takes from a balance, written from the event alone; a fenced payout reads
 * the balance first and refuses to go below zero, so it needs the append's transaction.
 */
const walletsView = eventProjection<WalletEvent>({
  name: 'wallets_view',
  handles: ['wallet.paid_in', 'wallet.paid_out'],
  tables: ['wallets_view'],
  writesOf: (event) => {
    if (event.type === 'wallet.paid_out' && event.data.fenced) return null;
    const change = event.type === 'wallet.paid_in' ? event.data.amount : -event.data.amount;
    return [
      {
        text: `INSERT INTO wallets_view (wallet, balance) SELECT $1, $2::bigint FROM appended
               ON CONFLICT (wallet) DO UPDATE SET balance = wallets_view.balance + EXCLUDED.balance`,
        values: [event.data.wallet, change],
      },
    ];
  },
  async apply(event, tx) {
    const { rows } = await tx.query<{ balance: string }>('SELECT balance FROM wallets_view WHERE wallet = $1 FOR UPDATE', [event.data.wallet]);
    if (Number(rows[0]?.balance ?? 0) < event.data.amount)
      throw new DomainError('credits_exhausted', `wallet ${event.data.wallet} cannot pay ${event.data.amount}`);
    await tx.query('UPDATE wallets_view SET balance = balance - $2 WHERE wallet = $1', [event.data.wallet, event.data.amount]);
  },
});

describe('projection writes from the appended event', () => {
  const env = postgresStorePerSuite(
    [...eventStoreMigrations, { id: 'test/wallets-view', sql: 'CREATE TABLE wallets_view (wallet text PRIMARY KEY, balance bigint NOT NULL)' }],
    { inlineProjections: [walletsView] },
  );

  const balanceOf = async (wallet: string): Promise<number | undefined> => {
    const { rows } = await env.db.pool.query<{ balance: string }>('SELECT balance FROM wallets_view WHERE wallet = $1', [wallet]);
    return rows[0] === undefined ? undefined : Number(rows[0].balance);
  };

  it('an append of one event the projection writes from appends and projects in one statement, with no transaction', async () => {
    const wallet = uniqueId('wallet');
    const statements = await statementsOf(async () => {
      await env.store.append(`wallet-${wallet}`, [newEvent('wallet.paid_in', { wallet, amount: 30 })], 'no_stream');
      await env.store.append(`wallet-${wallet}`, [newEvent('wallet.paid_out', { wallet, amount: 12 })], 0);
    });
    expect(statements).toEqual(['append_to_stream', 'append_to_stream']);
    expect(await balanceOf(wallet)).toBe(18);
  });

  it('applies two events of one append in a transaction, one after the other: one statement cannot change a row twice', async () => {
    const wallet = uniqueId('wallet');
    const statements = await statementsOf(() =>
      env.store.append(
        `wallet-${wallet}`,
        [newEvent('wallet.paid_in', { wallet, amount: 30 }), newEvent('wallet.paid_in', { wallet, amount: 5 })],
        'no_stream',
      ),
    );
    expect(statements[0]).toBe('BEGIN');
    expect(statements[statements.length - 1]).toBe('COMMIT');
    expect(await balanceOf(wallet)).toBe(35);
  });

  it('an event whose writes must read first is applied in a transaction, and its refusal leaves nothing written', async () => {
    const wallet = uniqueId('wallet');
    const stream = `wallet-${wallet}`;
    await env.store.append(stream, [newEvent('wallet.paid_in', { wallet, amount: 10 })], 'no_stream');
    const statements = await statementsOf(() => env.store.append(stream, [newEvent('wallet.paid_out', { wallet, amount: 4, fenced: true })], 0));
    expect(statements[0]).toBe('BEGIN');
    expect(await balanceOf(wallet)).toBe(6);
    await expect(env.store.append(stream, [newEvent('wallet.paid_out', { wallet, amount: 7, fenced: true })], 1)).rejects.toBeInstanceOf(DomainError);
    expect(await balanceOf(wallet)).toBe(6);
    expect((await env.store.read(stream)).map((event) => event.type)).toEqual(['wallet.paid_in', 'wallet.paid_out']);
  });

  it('a refused revision writes nothing, and a repeated append with the same ids changes nothing', async () => {
    const wallet = uniqueId('wallet');
    const stream = `wallet-${wallet}`;
    const first = newEvent('wallet.paid_in', { wallet, amount: 10 });
    await env.store.append(stream, [first], 'no_stream');
    await expect(env.store.append(stream, [newEvent('wallet.paid_in', { wallet, amount: 99 })], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await env.store.append(stream, [first], 'no_stream');
    expect(await balanceOf(wallet)).toBe(10);
  });

  it('appends made together in one grouped statement each write their own rows once', async () => {
    const wallets = Array.from({ length: 6 }, () => uniqueId('wallet'));
    const statements = await statementsOf(() =>
      Promise.all(
        wallets.map((wallet, index) => env.store.append(`wallet-${wallet}`, [newEvent('wallet.paid_in', { wallet, amount: index + 1 })], 'no_stream')),
      ),
    );
    expect(statements).toContain('grouped appends');
    expect(await Promise.all(wallets.map(balanceOf))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a rebuild writes the same rows, through the same writes', async () => {
    const wallet = uniqueId('wallet');
    const stream = `wallet-${wallet}`;
    await env.store.append(stream, [newEvent('wallet.paid_in', { wallet, amount: 10 })], 'no_stream');
    await env.store.append(stream, [newEvent('wallet.paid_out', { wallet, amount: 3, fenced: true })], 0);
    await env.store.append(stream, [newEvent('wallet.paid_out', { wallet, amount: 2 })], 1);
    await env.store.rebuildProjection(walletsView);
    expect(await balanceOf(wallet)).toBe(5);
  });
});
