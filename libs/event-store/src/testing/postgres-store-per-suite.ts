import { runMigrations, type Migration } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import type { Pool } from 'pg';
import { PostgresEventStore, type PostgresEventStoreOptions } from '../postgres/postgres-event-store';

export interface PostgresStoreEnv {
  db: TestDatabase;
  store: PostgresEventStore;
  /** The store's pool: the database's own, unless the suite opened one of its own. */
  pool: Pool;
}

/**
 * A fresh database with `migrations` run and a store on it, for the suite that calls it: opened
 * before its first test (its own `beforeAll` hooks, declared after, see them), closed and dropped
 * after its last. `ownPool`: a pool of the suite's making for the store (its own size or
 * timeouts), ended with it. Read `env.db`, `env.store` and `env.pool` inside hooks and tests.
 */
export function postgresStorePerSuite(
  migrations: readonly Migration[],
  options?: PostgresEventStoreOptions,
  ownPool?: (databaseUrl: string) => Pool,
): PostgresStoreEnv {
  const env = {} as PostgresStoreEnv;
  beforeAll(async () => {
    env.db = await createTestDatabase();
    await runMigrations(env.db.pool, migrations);
    env.pool = ownPool ? ownPool(env.db.url) : env.db.pool;
    env.store = new PostgresEventStore(env.pool, options);
  });
  afterAll(async () => {
    await env.store?.close();
    if (ownPool) await env.pool?.end();
    await env.db?.drop();
  });
  return env;
}
