import type { Pool, PoolClient } from 'pg';

/**
 * Runs `work` in one transaction on one pooled client: COMMIT when it resolves, ROLLBACK
 * when it throws. A client whose ROLLBACK fails is destroyed instead of returned to the pool.
 */
export async function withTransaction<T>(pool: Pool, work: (tx: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackErr: Error) => {
        broken = rollbackErr;
      });
      throw err;
    }
  } finally {
    client.release(broken);
  }
}
