import type { Pool } from 'pg';
import Redis from 'ioredis';

export interface ServerCounters {
  transactions: number;
  rowsWritten: Record<string, number>;
  indexScans: number;
  sequentialScans: number;
  /** The whole cluster's WAL (pg_stat_wal): a bench runs alone, so it is this stack's. */
  walBytes: number;
  walFullPageImages: number;
  redisCommands: Record<string, number>;
}

/**
 * What PostgreSQL (this database's committed transactions, rows written per table, scans) and
 * Redis (calls per command, the whole server's) have done so far: the work per deployment is
 * the difference over a phase, which says where the CPU those servers burn comes from.
 */
export async function readServerCounters(pool: Pool, redisUrl: string): Promise<ServerCounters> {
  const database = await pool.query<{ xact_commit: string }>('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()');
  const tables = await pool.query<{ relname: string; written: string; idx: string | null; seq: string | null }>(
    'SELECT relname, n_tup_ins + n_tup_upd + n_tup_del AS written, idx_scan AS idx, seq_scan AS seq FROM pg_stat_user_tables',
  );
  const wal = await pool.query<{ wal_bytes: string; wal_fpi: string }>('SELECT wal_bytes, wal_fpi FROM pg_stat_wal');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const redisCommands: Record<string, number> = {};
  try {
    await redis.connect();
    const info = await redis.info('commandstats');
    for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) redisCommands[match[1]] = Number(match[2]);
  } finally {
    redis.disconnect();
  }
  return {
    transactions: Number(database.rows[0]?.xact_commit ?? 0),
    rowsWritten: Object.fromEntries(tables.rows.map((row) => [row.relname, Number(row.written)])),
    indexScans: tables.rows.reduce((sum, row) => sum + Number(row.idx ?? 0), 0),
    sequentialScans: tables.rows.reduce((sum, row) => sum + Number(row.seq ?? 0), 0),
    walBytes: Number(wal.rows[0]?.wal_bytes ?? 0),
    walFullPageImages: Number(wal.rows[0]?.wal_fpi ?? 0),
    redisCommands,
  };
}

/** Per-deployment differences, largest first, zeros left out. */
export function countersPerDeployment(before: ServerCounters, after: ServerCounters, deployments: number) {
  const per = (value: number): number => Math.round((value / Math.max(1, deployments)) * 10) / 10;
  const differences = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(b)
        .map(([name, value]) => [name, per(value - (a[name] ?? 0))] as const)
        .filter(([, value]) => value > 0)
        .sort((x, y) => y[1] - x[1]),
    );
  return {
    pg_transactions: per(after.transactions - before.transactions),
    pg_index_scans: per(after.indexScans - before.indexScans),
    pg_sequential_scans: per(after.sequentialScans - before.sequentialScans),
    // Full-page images are most of the WAL after a checkpoint: the first change to each page copies it whole.
    pg_wal_bytes: Math.round((after.walBytes - before.walBytes) / Math.max(1, deployments)),
    pg_wal_full_page_images: per(after.walFullPageImages - before.walFullPageImages),
    pg_rows_written_by_table: differences(before.rowsWritten, after.rowsWritten),
    redis_commands: differences(before.redisCommands, after.redisCommands),
  };
}
