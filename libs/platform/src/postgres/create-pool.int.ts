import { testDatabaseForSuite } from '../testing/suite-test-database';
import { createPool } from './create-pool';

describe('createPool (connections kept once opened)', () => {
  const db = testDatabaseForSuite();

  it('keeps every connection a burst opened past the idle timeout, and reuses them', async () => {
    const pool = createPool(db().url, { max: 3, idleTimeoutMillis: 50 });
    try {
      const burst = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      const backends = await Promise.all(burst.map(async (client) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid));
      for (const client of burst) client.release();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pool.totalCount).toBe(3);
      // The next burst meets the same backends: no connection (and no server process) opened anew.
      const again = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      const reused = await Promise.all(again.map(async (client) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid));
      for (const client of again) client.release();
      expect([...reused].sort()).toEqual([...backends].sort());
    } finally {
      await pool.end();
    }
  });

  it('still closes idle connections where a caller asks for fewer kept (min)', async () => {
    const pool = createPool(db().url, { max: 2, min: 0, idleTimeoutMillis: 50 });
    try {
      const burst = await Promise.all([pool.connect(), pool.connect()]);
      for (const client of burst) client.release();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pool.totalCount).toBe(0);
    } finally {
      await pool.end();
    }
  });
});
