import { Client, type Pool } from 'pg';
import { createPool } from '../postgres/create-pool';
import { databaseUrlFromEnv } from '../postgres/postgres-config';
import { testNamespace } from './test-namespace';

export interface TestDatabase {
  /** Connection string of the fresh database. */
  url: string;
  name: string;
  pool: Pool;
  /** Closes the pool and drops the database, whoever is still connected. */
  drop(): Promise<void>;
}

/** Same server as DATABASE_URL, another database. */
function urlForDatabase(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdminClient<T>(baseUrl: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: urlForDatabase(baseUrl, 'postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabaseOptions {
  /** A database to copy (schema and rows) instead of starting empty; nobody may be connected to it. */
  template?: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** A fresh database `eh_test_<random>` on the server of DATABASE_URL: empty, or a copy of `template`. */
export async function createTestDatabase(baseUrl: string = databaseUrlFromEnv(), options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  // The name is generated here, never taken from input, so interpolating it is safe; a template name is checked.
  const name = `eh_test_${testNamespace()}`;
  if (options.template !== undefined && !IDENTIFIER.test(options.template)) throw new Error(`not a database name: ${options.template}`);
  const from = options.template ? ` TEMPLATE ${options.template}` : '';
  await withAdminClient(baseUrl, (client) => client.query(`CREATE DATABASE ${name}${from}`));
  const url = urlForDatabase(baseUrl, name);
  const pool = createPool(url, { max: 20 });
  let dropped = false;
  return {
    url,
    name,
    pool,
    async drop() {
      if (dropped) return;
      dropped = true;
      // A template's pool is ended early: it may be copied only while nobody is connected.
      if (!pool.ended) await pool.end();
      await dropTestDatabase(name, baseUrl);
    },
  };
}

/** Drops a database `createTestDatabase` made, by name (e.g. from another process than the one that made it). */
export async function dropTestDatabase(name: string, baseUrl: string = databaseUrlFromEnv()): Promise<void> {
  if (!IDENTIFIER.test(name)) throw new Error(`not a database name: ${name}`);
  // WITH (FORCE) (PostgreSQL 13+) ends sessions a test forgot, e.g. a LISTEN client.
  await withAdminClient(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
