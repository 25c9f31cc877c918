import { Client } from 'pg';
import { databaseUrlFromEnv } from '../postgres/postgres-config';
import { createTestDatabase } from './test-database';
import { testNamespace } from './test-namespace';

async function databaseExists(name: string): Promise<boolean> {
  const url = new URL(databaseUrlFromEnv());
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

describe('createTestDatabase', () => {
  it('creates a fresh database and drops it, even with a session left open', async () => {
    const db = await createTestDatabase();
    expect(db.name).toMatch(/^eh_test_t[0-9a-f]{10}$/);
    expect(await databaseExists(db.name)).toBe(true);
    const { rows } = await db.pool.query<{ db: string }>('SELECT current_database() AS db');
    expect(rows[0]?.db).toBe(db.name);
    const forgotten = new Client({ connectionString: db.url });
    await forgotten.connect();
    forgotten.on('error', () => undefined); // DROP ... WITH (FORCE) ends it
    await db.drop();
    expect(await databaseExists(db.name)).toBe(false);
  });
});

describe('testNamespace', () => {
  it('gives short, lowercase, distinct tokens', () => {
    const tokens = new Set(Array.from({ length: 100 }, testNamespace));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[a-z][a-z0-9]{10}$/);
  });
});
