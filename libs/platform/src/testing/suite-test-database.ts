import type { Migration } from '../postgres/sql-client';
import { runMigrations } from '../postgres/run-migrations';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A fresh database for the calling `describe`, made (with `migrations` run) before its first test
 * and dropped after its last: call it at the top of the block, and call what it returns for the
 * database inside hooks and tests.
 */
export function testDatabaseForSuite(migrations: readonly Migration[] = []): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    if (migrations.length > 0) await runMigrations(db.pool, migrations);
  });
  afterAll(async () => {
    await db?.drop();
  });
  return () => {
    if (!db) throw new Error('the suite database is made before the first test');
    return db;
  };
}
