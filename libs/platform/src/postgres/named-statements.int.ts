import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createPool } from './create-pool';

describe('statements named per connection', () => {
  let db: TestDatabase;
  let pool: Pool;
  beforeEach(async () => {
    db = await createTestDatabase();
    await db.pool.query("CREATE TABLE things (id int PRIMARY KEY, label text); INSERT INTO things VALUES (1, 'one')");
    // One connection, so every query below meets the statements its predecessors prepared.
    pool = createPool(db.url, { max: 1 });
  });
  afterEach(async () => {
    await pool.end();
    await db.drop();
  });

  const preparedNames = async (): Promise<string[]> =>
    (await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((row) => row.name);

  it('prepares a query with parameters once, and a query without none', async () => {
    for (let i = 0; i < 3; i++) expect((await pool.query('SELECT label FROM things WHERE id = $1', [1])).rows).toEqual([{ label: 'one' }]);
    await pool.query('SELECT count(*) FROM things');
    const names = await preparedNames();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^eh_[\w-]{27}$/);
  });

  it('gives the same text the same name on every connection, and a config object too', async () => {
    const other = createPool(db.url, { max: 1 });
    try {
      await pool.query({ text: 'SELECT label FROM things WHERE id = $1', values: [1] });
      await other.query('SELECT label FROM things WHERE id = $1', [1]);
      const theirs = (await other.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows.map((row) => row.name);
      expect(theirs).toEqual(await preparedNames());
    } finally {
      await other.end();
    }
  });

  it('runs a `SELECT *` gone stale after a migration again, unnamed, outside a transaction', async () => {
    expect((await pool.query('SELECT * FROM things WHERE id = $1', [1])).rows).toEqual([{ id: 1, label: 'one' }]);
    await db.pool.query('ALTER TABLE things ADD COLUMN weight int');
    expect((await pool.query('SELECT * FROM things WHERE id = $1', [1])).rows).toEqual([{ id: 1, label: 'one', weight: null }]);
    expect((await pool.query('SELECT * FROM things WHERE id = $1', [1])).rows).toEqual([{ id: 1, label: 'one', weight: null }]);
  });

  it('fails the one transaction that meets a stale statement, and the next one runs it unnamed', async () => {
    await pool.query('SELECT * FROM things WHERE id = $1', [1]);
    await db.pool.query('ALTER TABLE things ADD COLUMN weight int');
    const inTransaction = async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query('SELECT * FROM things WHERE id = $1', [1]);
        await client.query('COMMIT');
        return rows;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    };
    await expect(inTransaction()).rejects.toMatchObject({ code: '0A000' });
    expect(await inTransaction()).toEqual([{ id: 1, label: 'one', weight: null }]);
  });

  it('reports a failing named statement as it is, and runs it again after the error', async () => {
    await expect(pool.query('SELECT label FROM things WHERE id = $1::int', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await pool.query('SELECT label FROM things WHERE id = $1::int', ['1'])).rows).toEqual([{ label: 'one' }]);
  });
});
