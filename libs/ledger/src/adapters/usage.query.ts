import type { AccountPlan } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { usageFigures, type UsageResource } from '../domain/usage.figures';

interface AccountRow {
  plan: AccountPlan;
  cycle_start: Date;
  cycle_end: Date;
  credits_remaining: number;
  credits_reserved: number;
  in_flight: number;
  deployments_this_cycle: number;
  charged_in_window: number;
}

/** Days of settled charges the burn rate averages over (docs/decisions.md). */
export const BURN_WINDOW_DAYS = 7;

/**
 * GET /v1/usage from `accounts_view` (inline, so never behind the ledger) and the settlements
 * of the last BURN_WINDOW_DAYS. Null when the workspace has no account yet.
 */
export async function findUsage(sql: SqlClient, workspaceId: string, now: Date): Promise<UsageResource | null> {
  const windowStart = new Date(now.getTime() - BURN_WINDOW_DAYS * 86_400_000);
  const { rows } = await sql.query<AccountRow>(
    `SELECT a.plan, a.cycle_start, a.cycle_end, (a.allowance + a.topup)::int AS credits_remaining, a.reserved::int AS credits_reserved,
            a.in_flight, a.deployments_this_cycle,
            (SELECT coalesce(sum(c.charged), 0)::int FROM account_charges_view c
              WHERE c.workspace_id = a.workspace_id AND c.settled_at > $2) AS charged_in_window
       FROM accounts_view a WHERE a.workspace_id = $1`,
    [workspaceId, windowStart],
  );
  const row = rows[0];
  if (!row) return null;
  return usageFigures(
    {
      plan: row.plan,
      cycleStart: row.cycle_start.toISOString(),
      cycleEnd: row.cycle_end.toISOString(),
      creditsRemaining: row.credits_remaining,
      creditsReserved: row.credits_reserved,
      inFlight: row.in_flight,
      deploymentsThisCycle: row.deployments_this_cycle,
      chargedInWindow: row.charged_in_window,
      windowDays: BURN_WINDOW_DAYS,
    },
    now.toISOString(),
  );
}
