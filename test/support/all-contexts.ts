/**
 * Every context's tables and read models, for integration tests inside a lib that act across
 * contexts. Reached by path, not through `@eh/runtime`, so no lib depends on the runtime that
 * composes it (tools/architecture/module-boundaries.spec.ts; `npx nx graph` stays acyclic).
 */
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { openDatabase, type Database } from '@eh/runtime';

export { allMigrations, inlineProjections, openDatabase, type Database } from '@eh/runtime';

/**
 * A fresh database with every context's tables, opened before the calling file's first test and
 * dropped after its last: call it at the top of a `describe`, and call what it returns for the
 * database inside hooks and tests.
 */
export function databaseForSuite(poolSize: number): () => Database {
  let testDb: TestDatabase | undefined;
  let db: Database | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.url }, poolSize);
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });
  return () => {
    if (!db) throw new Error('the suite database opens before the first test');
    return db;
  };
}
