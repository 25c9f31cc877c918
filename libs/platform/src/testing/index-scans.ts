import type { Pool } from 'pg';

/**
 * Index scans so far on each index of `table`, as counted by the backends of `measured` (flushed
 * first: PostgreSQL 15 publishes a backend's counts at most once a second otherwise). `measured`
 * should hold one connection, so that is the backend flushed.
 */
export async function indexScansOf(measured: Pool, reader: Pool, table: string): Promise<Record<string, number>> {
  await measured.query('SELECT pg_stat_force_next_flush()');
  // The flush happens when the connection's next statement ends.
  await measured.query('SELECT 1');
  const { rows } = await reader.query<{ indexrelname: string; idx_scan: string }>(
    'SELECT indexrelname, idx_scan FROM pg_stat_user_indexes WHERE relname = $1',
    [table],
  );
  return Object.fromEntries(rows.map((row) => [row.indexrelname, Number(row.idx_scan)]));
}
