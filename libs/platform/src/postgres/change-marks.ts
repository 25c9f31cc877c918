import type { SqlClient } from './sql-client';

/**
 * A change mark is a named counter that only goes up, moved in the same transaction as the
 * change it marks (a revoked API key, a retired expert). A process that keeps copies of what
 * such changes invalidate reads the marks instead of every copy: one small query tells it
 * whether anything of the kind changed since its last look, and no change can slip past it,
 * since a mark never returns to a value it had. Created by each context that moves one
 * (`IF NOT EXISTS`), so no context depends on another's migrations.
 */
export const CHANGE_MARKS_TABLE = `
  CREATE TABLE IF NOT EXISTS change_marks (
    name text PRIMARY KEY,
    revision bigint NOT NULL
  );
`;

/** Moves the mark `name` on, inside the caller's transaction. */
export async function moveChangeMark(tx: SqlClient, name: string): Promise<void> {
  await tx.query('INSERT INTO change_marks (name, revision) VALUES ($1, 1) ON CONFLICT (name) DO UPDATE SET revision = change_marks.revision + 1', [name]);
}

/** The marks `names` as one comparable string: equal strings, no change in between. */
export async function readChangeMarks(sql: SqlClient, names: readonly string[]): Promise<string> {
  // A placeholder per name, not `= ANY($1::text[])`: PostgreSQL planned the array form afresh on
  // every call (its plan for the values at hand always looked cheaper than a reusable one), and a
  // gateway under load looks at its marks twenty times a second (AUTH_CACHE_MS 100).
  if (names.length === 0) return '';
  const placeholders = names.map((_, index) => `$${index + 1}`).join(', ');
  const { rows } = await sql.query<{ name: string; revision: string }>(
    `SELECT name, revision::text AS revision FROM change_marks WHERE name IN (${placeholders}) ORDER BY name`,
    [...names],
  );
  return rows.map((row) => `${row.name}=${row.revision}`).join(',');
}
