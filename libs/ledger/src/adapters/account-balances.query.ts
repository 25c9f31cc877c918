import type { SqlClient } from '@eh/platform';

/** What operations' accounts list shows of each account: what is left to spend, and on which plan. */
export interface AccountBalance {
  credits_remaining: number;
  plan: string;
}

/**
 * The balances of a page of workspaces, in one read of `accounts_view` by primary key; a workspace
 * without an account yet (no plan, no grant) is absent from the map.
 */
export async function findAccountBalances(sql: SqlClient, workspaceIds: readonly string[]): Promise<Map<string, AccountBalance>> {
  if (workspaceIds.length === 0) return new Map();
  const { rows } = await sql.query<{ workspace_id: string; credits_remaining: number; plan: string }>(
    `SELECT workspace_id, (allowance + topup)::int AS credits_remaining, plan->>'name' AS plan
       FROM accounts_view WHERE workspace_id = ANY($1::text[])`,
    [workspaceIds],
  );
  return new Map(rows.map((row) => [row.workspace_id, { credits_remaining: row.credits_remaining, plan: row.plan }]));
}
