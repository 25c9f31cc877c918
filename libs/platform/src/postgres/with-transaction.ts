import type { Pool, PoolClient } from 'pg';
import { isDatabaseUnavailable } from './database-unavailable';

/**
 * Runs `work` in one transaction on one pooled client: COMMIT when it resolves, ROLLBACK
 * when it throws. A client whose ROLLBACK fails is destroyed instead of returned to the pool,
 * and so is one that failed for want of a server: a ROLLBACK there would wait out another
 * timeout, and closing the connection rolls the transaction back anyway.
 */
export async function withTransaction<T>(pool: Pool, work: (tx: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken = err instanceof Error ? err : new Error(String(err));
      else {
        await client.query('ROLLBACK').catch((rollbackErr: Error) => {
          broken = rollbackErr;
        });
      }
      throw err;
    }
  } finally {
    client.release(broken);
  }
}
