import type { Availability } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { toRosterEntry, type AdminExpertEntry, type RosterEntry } from './roster-view.query';

/** Whether and how the expert uses the console: an open invitation, or an accepted one. */
export interface ExpertConsoleAccess {
  email: string;
  status: 'invited' | 'active';
}

/** The operations' roster entry in the list: the admin entry plus its console access. */
export interface AdminRosterEntry extends AdminExpertEntry {
  console: ExpertConsoleAccess | null;
  /** Agents' ratings of the expert's completed live work, across workspaces: the mean (null with none) and how many. */
  ratings: { mean: number | null; count: number };
}

export interface AdminRosterPage {
  /** The expert the previous page ended on; its position (retired, name, id) is where this page starts. */
  afterId: string | null;
  limit: number;
  status?: 'active' | 'retired';
  availability?: Availability;
  skill?: string;
}

interface Row extends RosterEntry {
  rating_mean: string | null;
  rating_count: string;
  retired: boolean;
  credential_last4: string | null;
  available_until: Date | null;
  account_email: string | null;
  invited_email: string | null;
}

/**
 * Every expert, retired ones included unless filtered, active first then by name (and id, so the
 * order is total): the order the roster page shows. Names compare by code point (COLLATE "C"), the
 * same on every server whatever its locale. The cursor is the last expert's id; the page
 * after it starts past that expert's current position, so nobody is listed twice.
 */
export async function listAdminRoster(sql: SqlClient, page: AdminRosterPage, now: Date): Promise<AdminRosterEntry[]> {
  const { rows } = await sql.query<Row>(
    `SELECT e.id, e.name, e.role, e.skills, e.tenure_years, e.median_turnaround_minutes, e.availability, e.rate_credits_per_hour,
            e.retired, e.credential_last4, e.available_until, a.email AS account_email, i.email AS invited_email,
            r.rating_mean, coalesce(r.rating_count, 0) AS rating_count
     FROM experts_view e
     LEFT JOIN expert_console_accounts_view a ON a.expert_id = e.id
     LEFT JOIN LATERAL (
       SELECT round(avg(rating), 2) AS rating_mean, count(*) AS rating_count FROM expert_completions_view
       WHERE expert_id = e.id AND rating IS NOT NULL
     ) r ON true
     LEFT JOIN LATERAL (
       SELECT email FROM expert_invitations_view
       WHERE expert_id = e.id AND status = 'open' AND expires_at > $6 ORDER BY invited_at DESC LIMIT 1
     ) i ON true
     WHERE ($1::text IS NULL OR (e.retired, e.name COLLATE "C", e.id) > (SELECT retired, name COLLATE "C", id FROM experts_view WHERE id = $1))
       AND ($2::boolean IS NULL OR e.retired = $2)
       AND ($3::text IS NULL OR e.availability = $3)
       AND ($4::text IS NULL OR e.skills @> ARRAY[$4]::text[])
     ORDER BY e.retired, e.name COLLATE "C", e.id
     LIMIT $5`,
    [page.afterId, page.status === undefined ? null : page.status === 'retired', page.availability ?? null, page.skill ?? null, page.limit, now],
  );
  return rows.map((row) => ({
    ...toRosterEntry(row),
    available_until: row.available_until?.toISOString() ?? null,
    retired: row.retired,
    credential_last4: row.credential_last4,
    console: row.account_email ? { email: row.account_email, status: 'active' } : row.invited_email ? { email: row.invited_email, status: 'invited' } : null,
    ratings: { mean: row.rating_mean === null ? null : Number(row.rating_mean), count: Number(row.rating_count) },
  }));
}
