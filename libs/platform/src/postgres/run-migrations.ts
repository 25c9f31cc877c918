import type { Pool } from 'pg';
import type { Migration } from './sql-client';

/** Any fixed key works; it only has to differ from the other advisory locks we take. */
const MIGRATION_LOCK_KEY = 'eh:schema_migrations';

/**
 * Applies each migration not yet recorded, in order, each in its own transaction.
 * A session advisory lock serialises concurrent service starts: the second starter waits,
 * then sees the first one's rows in `schema_migrations` and applies nothing.
 * Returns the ids applied by this call.
 */
export async function runMigrations(pool: Pool, migrations: readonly Migration[]): Promise<string[]> {
  assertUniqueIds(migrations);
  const client = await pool.connect();
  const applied: string[] = [];
  // A client whose session may still hold the lock is destroyed rather than pooled.
  let destroy: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK_KEY]);
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
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${migration.id} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(migration.id);
      }
    } finally {
      await client
        .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [MIGRATION_LOCK_KEY])
        .catch((err: Error) => {
          destroy = err;
        });
    }
  } finally {
    client.release(destroy);
  }
  return applied;
}

function assertUniqueIds(migrations: readonly Migration[]): void {
  const seen = new Set<string>();
  for (const { id } of migrations) {
    if (seen.has(id)) throw new Error(`duplicate migration id ${id}`);
    seen.add(id);
  }
}
