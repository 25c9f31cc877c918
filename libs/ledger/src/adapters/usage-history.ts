import type { AccountCreditsSettled } from '@eh/contracts';
import { eventProjection, type InlineProjection } from '@eh/event-store';
import type { Migration, SqlClient } from '@eh/platform';

/**
 * The overview's burn chart. Credits charged per workspace and UTC day, from
 * `account.credits_settled` (rebuildable); one row per day with a settlement.
 */
export const usageHistoryMigrations: readonly Migration[] = [
  {
    id: 'ledger-usage-daily-001',
    sql: `
      CREATE TABLE IF NOT EXISTS usage_daily_view (
        workspace_id text NOT NULL,
        day date NOT NULL,
        credits_charged bigint NOT NULL,
        deployments_completed integer NOT NULL,
        PRIMARY KEY (workspace_id, day)
      );
    `,
  },
];

/** Inline, added once per settlement: each event is applied exactly once by its append (and once on a rebuild, after a reset). */
export const usageHistoryProjection: InlineProjection = eventProjection<AccountCreditsSettled>({
  name: 'usage_daily_view',
  handles: ['account.credits_settled'],
  tables: ['usage_daily_view'],
  writesOf: ({ data }) => [
    {
      text: `INSERT INTO usage_daily_view (workspace_id, day, credits_charged, deployments_completed)
             SELECT $1, ($2::timestamptz AT TIME ZONE 'UTC')::date, $3::bigint, 1 FROM appended
             ON CONFLICT (workspace_id, day) DO UPDATE SET credits_charged = usage_daily_view.credits_charged + EXCLUDED.credits_charged,
               deployments_completed = usage_daily_view.deployments_completed + 1`,
      values: [data.workspace_id, data.settled_at, data.charged],
    },
  ],
});

export interface UsageDay {
  date: string;
  credits_charged: number;
  deployments_completed: number;
}

/** The last `days` UTC days ending with `now`'s, oldest first, zeros included. */
export function dayRange(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

export async function usageHistory(sql: SqlClient, workspaceId: string, now: Date, days: number): Promise<UsageDay[]> {
  const range = dayRange(now, days);
  const { rows } = await sql.query<{ day: string; credits_charged: string; deployments_completed: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, credits_charged, deployments_completed FROM usage_daily_view WHERE workspace_id = $1 AND day >= $2::date AND day <= $3::date`,
    [workspaceId, range[0], range[range.length - 1]],
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return range.map((date) => {
    const row = byDay.get(date);
    return { date, credits_charged: row ? Number(row.credits_charged) : 0, deployments_completed: row?.deployments_completed ?? 0 };
  });
}
