import type { SqlClient } from '@eh/platform';

export interface DueOrphan {
  workspace_id: string;
  deployment_id: string;
}

/** Reservations past their orphan deadline whose deployment has not been seen (partial index `account_reservations_due`). */
export async function findDueOrphans(sql: SqlClient, now: Date, limit = 500): Promise<DueOrphan[]> {
  const { rows } = await sql.query<DueOrphan>(
    `SELECT workspace_id, deployment_id FROM account_reservations_view
      WHERE status = 'held' AND NOT confirmed AND NOT deployment_created AND expires_at <= $1
      ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return rows;
}

/** Accounts whose cycle has ended. */
export async function findEndedCycles(sql: SqlClient, now: Date, limit = 500): Promise<string[]> {
  const { rows } = await sql.query<{ workspace_id: string }>('SELECT workspace_id FROM accounts_view WHERE cycle_end <= $1 ORDER BY cycle_end LIMIT $2', [
    now,
    limit,
  ]);
  return rows.map((row) => row.workspace_id);
}
