import type { Availability, ExpertRef } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import type { Completion } from '../domain/brief-fit';
import type { RosterCandidate } from '../domain/matching';
import { hashExpertCredential, looksLikeExpertCredential, sameCredentialHash } from './expert-credential';

/** SPEC.md "Expert roster entry (from GET /v1/experts)": exactly these fields, in this order. */
export interface RosterEntry {
  id: string;
  name: string;
  role: string;
  skills: string[];
  tenure_years: number;
  median_turnaround_minutes: number;
  availability: Availability;
  rate_credits_per_hour: number;
}

/** What operations see: the entry plus whether the expert is retired and the credential's last 4. */
export interface AdminExpertEntry extends RosterEntry {
  retired: boolean;
  credential_last4: string | null;
}

interface ExpertRow extends RosterEntry {
  retired: boolean;
  credential_last4: string | null;
}

const ENTRY_COLUMNS = 'id, name, role, skills, tenure_years, median_turnaround_minutes, availability, rate_credits_per_hour';

export const toRosterEntry = (row: RosterEntry): RosterEntry => ({
  id: row.id,
  name: row.name,
  role: row.role,
  skills: row.skills,
  tenure_years: row.tenure_years,
  median_turnaround_minutes: row.median_turnaround_minutes,
  availability: row.availability,
  rate_credits_per_hour: row.rate_credits_per_hour,
});

/** Online, not retired, and covering at least one of the skills. */
export async function countAvailableExperts(sql: SqlClient, skills: string[]): Promise<number> {
  const { rows } = await sql.query<{ count: string }>(
    `SELECT count(*) AS count FROM experts_view
     WHERE NOT retired AND availability = 'online' AND skills && $1::text[]`,
    [skills],
  );
  return Number(rows[0]?.count ?? 0);
}

/** The active roster (not retired) in id order, i.e. registration order; one page after `afterId`. */
export async function listRoster(sql: SqlClient, page: { afterId: string | null; limit: number }): Promise<RosterEntry[]> {
  const { rows } = await sql.query<RosterEntry>(
    `SELECT ${ENTRY_COLUMNS} FROM experts_view WHERE NOT retired AND ($1::text IS NULL OR id > $1) ORDER BY id LIMIT $2`,
    [page.afterId, page.limit],
  );
  return rows.map(toRosterEntry);
}

export async function findExpert(sql: SqlClient, expertId: string): Promise<AdminExpertEntry | null> {
  const { rows } = await sql.query<ExpertRow>(`SELECT ${ENTRY_COLUMNS}, retired, credential_last4 FROM experts_view WHERE id = $1`, [expertId]);
  const row = rows[0];
  return row ? { ...toRosterEntry(row), retired: row.retired, credential_last4: row.credential_last4 } : null;
}

/** The experts the matcher ranks: online, active, covering a skill, not passed over. */
export async function rosterCandidates(sql: SqlClient, skills: readonly string[], passedOver: readonly string[], alsoExpertId?: string): Promise<RosterCandidate[]> {
  // `alsoExpertId`: a follow-up's earlier expert, a candidate whatever skills they list.
  const { rows } = await sql.query<ExpertRow>(
    `SELECT ${ENTRY_COLUMNS}, retired FROM experts_view
     WHERE NOT retired AND availability = 'online' AND (skills && $1::text[] OR id = $3) AND NOT (id = ANY($2::text[]))`,
    [skills, passedOver, alsoExpertId ?? null],
  );
  return rows.map((row) => ({ ...toRosterEntry(row), retired: row.retired }));
}

/** Completed live work of `expertIds` for the workspace since `since` (brief-fit evidence). */
export async function recentCompletions(sql: SqlClient, workspaceId: string, expertIds: readonly string[], since: string): Promise<Completion[]> {
  if (expertIds.length === 0) return [];
  const { rows } = await sql.query<{ expert_id: string; skills: string[]; completed_at: Date; rating: number | null }>(
    `SELECT expert_id, skills, completed_at, rating FROM expert_completions_view
     WHERE workspace_id = $1 AND expert_id = ANY($2::text[]) AND completed_at >= $3`,
    [workspaceId, expertIds, since],
  );
  return rows.map((row) => ({ expertId: row.expert_id, skills: row.skills, completedAt: row.completed_at.toISOString(), rating: row.rating }));
}

/** The expert behind a presented credential, if active; compared again in constant time. */
export async function authenticateExpert(sql: SqlClient, presented: string): Promise<ExpertRef | null> {
  if (!looksLikeExpertCredential(presented)) return null;
  const hash = hashExpertCredential(presented);
  const { rows } = await sql.query<{ id: string; name: string; role: string; credential_hash: string }>(
    'SELECT id, name, role, credential_hash FROM experts_view WHERE credential_hash = $1 AND NOT retired',
    [hash],
  );
  const row = rows[0];
  return row && sameCredentialHash(row.credential_hash, hash) ? { id: row.id, name: row.name, role: row.role } : null;
}
