import type { MemberRole } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';

const ISO = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A workspace member who can sign in. */
export interface MemberAccount {
  member_id: string;
  workspace_id: string;
  workspace_name: string;
  email: string;
  name: string;
  role: MemberRole;
  password_id: string;
  joined_at: string;
}

const MEMBER_SELECT = `SELECT m.member_id, m.workspace_id, w.name AS workspace_name, m.email, m.name, m.role, m.password_id, ${ISO('m.joined_at')} AS joined_at
  FROM members_view m JOIN workspaces_view w ON w.id = m.workspace_id WHERE m.removed_at IS NULL`;

export async function findMember(sql: SqlClient, memberId: string): Promise<MemberAccount | null> {
  const { rows } = await sql.query<MemberAccount>(`${MEMBER_SELECT} AND m.member_id = $1`, [memberId]);
  return rows[0] ?? null;
}

export async function findMemberByEmail(sql: SqlClient, email: string): Promise<MemberAccount | null> {
  const { rows } = await sql.query<MemberAccount>(`${MEMBER_SELECT} AND m.email = $1 ORDER BY m.joined_at DESC LIMIT 1`, [email]);
  return rows[0] ?? null;
}

export async function listMembers(sql: SqlClient, workspaceId: string): Promise<MemberAccount[]> {
  const { rows } = await sql.query<MemberAccount>(`${MEMBER_SELECT} AND m.workspace_id = $1 ORDER BY m.joined_at, m.member_id`, [workspaceId]);
  return rows;
}

export interface OpenMemberInvitation {
  invitation_id: string;
  workspace_id: string;
  workspace_name: string;
  email: string;
  role: MemberRole;
  expires_at: string;
  invited_at: string;
}

const INVITATION_SELECT = `SELECT i.invitation_id, i.workspace_id, w.name AS workspace_name, i.email, i.role, ${ISO('i.expires_at')} AS expires_at, ${ISO('i.invited_at')} AS invited_at
  FROM member_invitations_view i JOIN workspaces_view w ON w.id = i.workspace_id WHERE i.status = 'open'`;

export async function listOpenMemberInvitations(sql: SqlClient, workspaceId: string, now: Date): Promise<OpenMemberInvitation[]> {
  const { rows } = await sql.query<OpenMemberInvitation>(
    `${INVITATION_SELECT} AND i.workspace_id = $1 AND i.expires_at > $2 ORDER BY i.invited_at, i.invitation_id`,
    [workspaceId, now],
  );
  return rows;
}

export async function findOpenMemberInvitation(sql: SqlClient, tokenSha256: string, now: Date): Promise<OpenMemberInvitation | null> {
  const { rows } = await sql.query<OpenMemberInvitation>(`${INVITATION_SELECT} AND i.token_sha256 = $1 AND i.expires_at > $2`, [tokenSha256, now]);
  return rows[0] ?? null;
}

/** An operator who can sign in. */
export interface OperatorAccount {
  operator_id: string;
  email: string;
  name: string;
  password_id: string | null;
}

export async function findOperator(sql: SqlClient, operatorId: string): Promise<OperatorAccount | null> {
  const { rows } = await sql.query<OperatorAccount>('SELECT operator_id, email, name, password_id FROM operators_view WHERE operator_id = $1', [operatorId]);
  return rows[0] ?? null;
}

export async function findOperatorByEmail(sql: SqlClient, email: string): Promise<OperatorAccount | null> {
  const { rows } = await sql.query<OperatorAccount>('SELECT operator_id, email, name, password_id FROM operators_view WHERE email = $1', [email]);
  return rows[0] ?? null;
}

export async function findOpenOperatorInvitation(sql: SqlClient, tokenSha256: string, now: Date): Promise<(OperatorAccount & { expires_at: string }) | null> {
  const { rows } = await sql.query<OperatorAccount & { expires_at: string }>(
    `SELECT o.operator_id, o.email, o.name, o.password_id, ${ISO('i.expires_at')} AS expires_at
       FROM operator_invitations_view i JOIN operators_view o ON o.operator_id = i.operator_id
      WHERE i.token_sha256 = $1 AND i.status = 'open' AND i.expires_at > $2`,
    [tokenSha256, now],
  );
  return rows[0] ?? null;
}

/** Operations' list of operators: who is invited, who signs in, who was offboarded. */
export interface OperatorListEntry {
  object: 'operator';
  id: string;
  email: string;
  name: string;
  /** `invited`: a link is out and no password works; `active`: signs in; `removed`: offboarded. */
  status: 'invited' | 'active' | 'removed';
  joined_at: string | null;
  removed_at: string | null;
}

export async function listOperators(sql: SqlClient): Promise<OperatorListEntry[]> {
  const { rows } = await sql.query<OperatorListEntry>(
    `SELECT 'operator' AS object, operator_id AS id, email, name,
            CASE WHEN removed_at IS NOT NULL THEN 'removed' WHEN password_id IS NOT NULL THEN 'active' ELSE 'invited' END AS status,
            CASE WHEN joined_at IS NULL THEN NULL ELSE ${ISO('joined_at')} END AS joined_at,
            CASE WHEN removed_at IS NULL THEN NULL ELSE ${ISO('removed_at')} END AS removed_at
       FROM operators_view ORDER BY removed_at IS NOT NULL, email`,
  );
  return rows;
}

/**
 * Whether a workspace member (of any workspace) or an operator other than `operatorId` signs in
 * with `email` (a password that works: joined, not removed). One email names one person across
 * experts, members and operators, since sign-in looks a person up by email alone; open invitations
 * reserve nothing (the first accepted wins, and every acceptance checks again).
 */
export async function signsInWith(sql: SqlClient, email: string, except: { operatorId?: string } = {}): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM members_view WHERE email = $1 AND removed_at IS NULL
     UNION ALL SELECT 1 FROM operators_view WHERE email = $1 AND operator_id <> $2 AND password_id IS NOT NULL AND removed_at IS NULL
     LIMIT 1`,
    [email, except.operatorId ?? ''],
  );
  return rows.length > 0;
}
