import type { SqlClient } from '@eh/platform';

/** Online, not retired, and covering at least one of the skills. */
export async function countAvailableExperts(sql: SqlClient, skills: string[]): Promise<number> {
  const { rows } = await sql.query<{ count: string }>(
    `SELECT count(*) AS count FROM experts_view
     WHERE NOT retired AND availability = 'online' AND skills && $1::text[]`,
    [skills],
  );
  return Number(rows[0]?.count ?? 0);
}
