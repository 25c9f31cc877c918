/**
 * The append path under the pool's timeouts: a wait for a stream's advisory lock is
 * bounded by the statement timeout and reported as "database unavailable" (the gateway's 503),
 * leaving the stream appendable; an appender that stalls inside its transaction is ended by the
 * server, freeing the lock for the next one; and the pool survives it without a crash.
 */
import { createPool, isDatabaseUnavailable, type PostgresTimeouts } from '@eh/platform';
import type { Pool } from 'pg';
import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { eventStoreMigrations } from './event-store.migrations';
import { postgresStorePerSuite } from '../testing/postgres-store-per-suite';

/** Scaled down from the defaults (3 s statements, 10 s idle in transaction) so the test takes a second or two. */
const TIMEOUTS: PostgresTimeouts = { connectMs: 1_000, poolWaitMs: 1_000, statementMs: 300, queryMs: 800, idleInTransactionMs: 700 };

describe('appends under the pool timeouts', () => {
  const env = postgresStorePerSuite(eventStoreMigrations, {}, (url) => createPool(url, { max: 3 }, () => undefined, TIMEOUTS));

  /** Takes the stream's lock on a connection of `from`: the store's own pool, or the test database's (default timeouts). */
  const holdStreamLock = async (streamName: string, from: Pool = env.pool) => {
    const holder = await from.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [streamName]);
    return holder;
  };

  it('gives up on a stream lock held past the statement timeout, as unavailable, and appends once it is free', async () => {
    const stream = newStreamName();
    // The holder is not under test: on the store's pool, a slow host let its own idle-in-transaction
    // timeout end it before the ROLLBACK, and the unreleased client then hung the pool's end.
    const holder = await holdStreamLock(stream, env.db.pool);
    let refused: unknown;
    try {
      refused = await env.store.append(stream, [newEvent()], 'no_stream').then(
        () => undefined,
        (error: unknown) => error,
      );
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // 57014 is the server's statement timeout: the client's longer query timeout would carry no code.
    expect([isDatabaseUnavailable(refused), (refused as { code?: string }).code]).toEqual([true, '57014']);
    expect((await env.store.append(stream, [newEvent()], 'no_stream')).nextExpectedRevision).toBe(0);
  });

  it('ends a transaction whose appender stalled, freeing its lock, without crashing the pool', async () => {
    const stream = newStreamName();
    // Took the lock, then went silent (its process stalled, or its network): the server ends its session.
    const stalled = await holdStreamLock(stream);
    await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.idleInTransactionMs + 300));
    expect((await env.store.append(stream, [newEvent()], 'no_stream')).nextExpectedRevision).toBe(0);
    // The stalled client learns it on its next query; released with the error, the pool discards it.
    const failure = await stalled.query('SELECT 1').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    stalled.release(failure instanceof Error ? failure : true);
    expect((await env.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
