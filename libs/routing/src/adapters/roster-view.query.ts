import type { Availability, ExpertRef } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import type { RosterCandidate } from '../domain/matching';
import { hashExpertCredential, looksLikeExpertCredential, sameCredentialHash } from './expert-credential';

/** An expert roster entry of GET /v1/experts: exactly these fields, in this order. */
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

/** What the expert sees of themselves: the entry plus when their `online` ends (null: no end). */
export interface ExpertSelfEntry extends RosterEntry {
  available_until: string | null;
}

/** What operations see: the entry plus whether the expert is retired, the credential's last 4, and when `online` ends. */
export interface AdminExpertEntry extends ExpertSelfEntry {
  retired: boolean;
  credential_last4: string | null;
}

interface ExpertRow extends RosterEntry {
  retired: boolean;
  credential_last4: string | null;
  available_until: Date | null;
}

/** Online for routing: `online` and not past its `available_until` (the sweep turns those offline soon after). */
const ONLINE_AT = `availability = 'online' AND (available_until IS NULL OR available_until > $NOW)`;

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
export async function countAvailableExperts(sql: SqlClient, skills: string[], now: Date = new Date()): Promise<number> {
  const { rows } = await sql.query<{ count: string }>(
    `SELECT count(*) AS count FROM experts_view
     WHERE NOT retired AND ${ONLINE_AT.replace('$NOW', '$2')} AND skills && $1::text[]`,
    [skills, now],
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
  const { rows } = await sql.query<ExpertRow>(`SELECT ${ENTRY_COLUMNS}, retired, credential_last4, available_until FROM experts_view WHERE id = $1`, [
    expertId,
  ]);
  const row = rows[0];
  return row
    ? { ...toRosterEntry(row), available_until: row.available_until?.toISOString() ?? null, retired: row.retired, credential_last4: row.credential_last4 }
    : null;
}

export const toExpertSelfEntry = (entry: AdminExpertEntry): ExpertSelfEntry => ({ ...toRosterEntry(entry), available_until: entry.available_until });

/** Experts still `online` past their `available_until`: the sweep sets each offline. */
export async function expertsPastAvailableUntil(sql: SqlClient, now: Date, limit = 500): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `SELECT id FROM experts_view WHERE availability = 'online' AND available_until IS NOT NULL AND available_until <= $1 AND NOT retired ORDER BY available_until LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => row.id);
}

/** The experts the matcher ranks: online (and not past `available_until` at `now`), active, covering a skill, not passed over. */
export async function rosterCandidates(
  sql: SqlClient,
  skills: readonly string[],
  passedOver: readonly string[],
  alsoExpertId?: string,
  now: Date = new Date(),
): Promise<RosterCandidate[]> {
  // `alsoExpertId`: a follow-up's earlier expert, a candidate whatever skills they list.
  const { rows } = await sql.query<ExpertRow>(
    `SELECT ${ENTRY_COLUMNS}, retired FROM experts_view
     WHERE NOT retired AND ${ONLINE_AT.replace('$NOW', '$4')} AND (skills && $1::text[] OR id = $3) AND NOT (id = ANY($2::text[]))`,
    [skills, passedOver, alsoExpertId ?? null, now],
  );
  return rows.map((row) => ({ ...toRosterEntry(row), retired: row.retired }));
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
