import { Pool, type PoolConfig } from 'pg';
import { databaseUrlFromEnv } from './postgres-config';

/**
 * A pg.Pool with an error listener: an idle client whose server connection drops emits
 * 'error' on the pool, and an unhandled 'error' event would crash the process.
 */
export function createPool(
  databaseUrl: string = databaseUrlFromEnv(),
  options: Omit<PoolConfig, 'connectionString'> = {},
  onIdleError: (err: Error) => void = () => undefined,
): Pool {
  const pool = new Pool({ max: 10, ...options, connectionString: databaseUrl });
  pool.on('error', onIdleError);
  return pool;
}
