import type { Pool, PoolClient, QueryConfig } from 'pg';
import { isDatabaseUnavailable } from './database-unavailable';
import type { Migration } from './sql-client';

/** Any fixed key works; it only has to differ from the other advisory locks we take. */
const MIGRATION_LOCK_KEY = 'eh:schema_migrations';
/** How often a starter waiting for another one's migrations asks for the lock again. */
const LOCK_POLL_MS = 50;
/** Client-side bound of one migration's SQL, which may rightly outlast the pool's statement timeout. */
const MIGRATION_QUERY_TIMEOUT_MS = 15 * 60_000;

/**
 * Applies each migration not yet recorded, in order, each in its own transaction.
 * A session advisory lock serialises concurrent service starts: the second starter waits,
 * then sees the first one's rows in `schema_migrations` and applies nothing. It waits by
 * polling `pg_try_advisory_lock`, so no statement outlives the pool's statement timeout
 * while another service migrates; a migration itself lifts that timeout for its own transaction.
 * Returns the ids applied by this call.
 */
export async function runMigrations(pool: Pool, migrations: readonly Migration[]): Promise<string[]> {
  assertUniqueIds(migrations);
  const client = await pool.connect();
  const applied: string[] = [];
  // A client whose session may still hold the lock is destroyed rather than pooled.
  let destroy: Error | undefined;
  try {
    await acquireLock(client);
    try {
      // Created under the lock: two concurrent CREATE TABLE IF NOT EXISTS can still collide.
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        id text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = await client.query<{ id: string }>('SELECT id FROM schema_migrations');
      const doneIds = new Set(done.rows.map((row) => row.id));
      for (const migration of migrations) {
        if (doneIds.has(migration.id)) continue;
        await client.query('BEGIN');
        try {
          await client.query('SET LOCAL statement_timeout = 0');
          // node-postgres reads a per-query `query_timeout` that its typings do not declare.
          const statement: QueryConfig & { query_timeout: number } = { text: migration.sql, query_timeout: MIGRATION_QUERY_TIMEOUT_MS };
          await client.query(statement);
          await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
          await client.query('COMMIT');
        } catch (err) {
          if (!isDatabaseUnavailable(err)) await client.query('ROLLBACK');
          throw new Error(`migration ${migration.id} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(migration.id);
      }
    } catch (err) {
      // Without a server, neither ROLLBACK nor unlock can be sent: the destroyed connection ends both.
      if (isDatabaseUnavailable(err)) destroy = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      if (!destroy) {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [MIGRATION_LOCK_KEY]).catch((err: Error) => {
          destroy = err;
        });
      }
    }
  } catch (err) {
    if (isDatabaseUnavailable(err)) destroy ??= err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(destroy);
  }
  return applied;
}

async function acquireLock(client: PoolClient): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [MIGRATION_LOCK_KEY]);
    if (rows[0]?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

function assertUniqueIds(migrations: readonly Migration[]): void {
  const seen = new Set<string>();
  for (const { id } of migrations) {
    if (seen.has(id)) throw new Error(`duplicate migration id ${id}`);
    seen.add(id);
  }
}
