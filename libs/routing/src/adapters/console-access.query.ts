import type { ExpertRef } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';

export interface OpenInvitationRow {
  invitation_id: string;
  expert_id: string;
  email: string;
  name: string;
  expires_at: string;
}

export interface ConsoleAccountRow {
  expert: ExpertRef;
  email: string;
  password_id: string | null;
}

const ISO = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An invitation that can still be used: open, not expired, its expert not retired. */
export async function findOpenInvitation(sql: SqlClient, tokenSha256: string, now: Date): Promise<OpenInvitationRow | null> {
  const { rows } = await sql.query<OpenInvitationRow>(
    `SELECT i.invitation_id, i.expert_id, i.email, e.name, ${ISO('i.expires_at')} AS expires_at
     FROM expert_invitations_view i JOIN experts_view e ON e.id = i.expert_id
     WHERE i.token_sha256 = $1 AND i.status = 'open' AND i.expires_at > $2 AND NOT e.retired`,
    [tokenSha256, now],
  );
  return rows[0] ?? null;
}

type AccountRow = { id: string; name: string; role: string; email: string; password_id: string | null };
const toAccount = (row: AccountRow): ConsoleAccountRow => ({
  expert: { id: row.id, name: row.name, role: row.role },
  email: row.email,
  password_id: row.password_id,
});
const ACCOUNT_SELECT = `SELECT e.id, e.name, e.role, a.email, a.password_id
  FROM expert_console_accounts_view a JOIN experts_view e ON e.id = a.expert_id WHERE NOT e.retired`;

/** The active expert who signs in with this email (emails are stored lowercase). */
export async function findConsoleAccountByEmail(sql: SqlClient, email: string): Promise<ConsoleAccountRow | null> {
  const { rows } = await sql.query<AccountRow>(`${ACCOUNT_SELECT} AND a.email = $1 ORDER BY a.updated_at DESC LIMIT 1`, [email]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function findConsoleAccount(sql: SqlClient, expertId: string): Promise<ConsoleAccountRow | null> {
  const { rows } = await sql.query<AccountRow>(`${ACCOUNT_SELECT} AND a.expert_id = $1`, [expertId]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Another active expert who signs in with `email`, or holds an open invitation for it; null when free. */
export async function otherHolderOfEmail(sql: SqlClient, email: string, expertId: string, now: Date): Promise<string | null> {
  const { rows } = await sql.query<{ expert_id: string }>(
    `SELECT a.expert_id FROM expert_console_accounts_view a JOIN experts_view e ON e.id = a.expert_id
       WHERE a.email = $1 AND a.expert_id <> $2 AND NOT e.retired
     UNION ALL
     SELECT i.expert_id FROM expert_invitations_view i JOIN experts_view e ON e.id = i.expert_id
       WHERE i.email = $1 AND i.expert_id <> $2 AND i.status = 'open' AND i.expires_at > $3 AND NOT e.retired
     LIMIT 1`,
    [email, expertId, now],
  );
  return rows[0]?.expert_id ?? null;
}
