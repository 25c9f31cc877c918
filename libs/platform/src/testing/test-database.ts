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

/** A fresh, empty database `eh_test_<random>` on the server of DATABASE_URL. */
export async function createTestDatabase(baseUrl: string = databaseUrlFromEnv()): Promise<TestDatabase> {
  // The name is generated here, never taken from input, so interpolating it is safe.
  const name = `eh_test_${testNamespace()}`;
  await withAdminClient(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
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
      await pool.end();
      // WITH (FORCE) (PostgreSQL 13+) ends sessions a test forgot, e.g. a LISTEN client.
      await withAdminClient(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
