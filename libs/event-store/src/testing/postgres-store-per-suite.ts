import { runMigrations, type Migration } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { PostgresEventStore, type PostgresEventStoreOptions } from '../postgres/postgres-event-store';

export interface PostgresStoreEnv {
  db: TestDatabase;
  store: PostgresEventStore;
}

/**
 * A fresh database with `migrations` run and a store on its pool, for the suite that calls it:
 * opened before its first test (its own `beforeAll` hooks, declared after, see them), closed and
 * dropped after its last. Read `env.db` and `env.store` inside hooks and tests.
 */
export function postgresStorePerSuite(migrations: readonly Migration[], options?: PostgresEventStoreOptions): PostgresStoreEnv {
  const env = {} as PostgresStoreEnv;
  beforeAll(async () => {
    env.db = await createTestDatabase();
    await runMigrations(env.db.pool, migrations);
    env.store = new PostgresEventStore(env.db.pool, options);
  });
  afterAll(async () => {
    await env.store?.close();
    await env.db?.drop();
  });
  return env;
}
