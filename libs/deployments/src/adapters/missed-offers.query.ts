import type { SqlClient } from '@eh/platform';
import type { MissedOfferEnding } from './missed-offers.projection';

/** An offer the expert declined or let lapse: what it needed and would have paid, never its brief. */
export interface MissedOffer {
  deployment_id: string;
  skills: string[];
  /** The credits the workspace reserved: at most what the work would have paid. */
  credits_reserved: number;
  offered_at: string;
  ending: MissedOfferEnding;
  /** The expert's reason for a decline, when they gave one; null for a lapse. */
  reason: string | null;
  ended_at: string;
}

/** The expert's missed offers made since `since`, newest first, at most `limit` (the index's order). */
export async function missedOffersFor(sql: SqlClient, expertId: string, since: Date, limit: number): Promise<MissedOffer[]> {
  const { rows } = await sql.query<{
    deployment_id: string;
    skills: string[];
    credits_reserved: number;
    offered_at: Date;
    ending: MissedOfferEnding;
    reason: string | null;
    ended_at: Date;
  }>(
    `SELECT deployment_id, skills, credits_reserved, offered_at, ending, reason, ended_at
       FROM expert_missed_offers_view
      WHERE expert_id = $1 AND offered_at >= $2
      ORDER BY offered_at DESC, deployment_id DESC
      LIMIT $3`,
    [expertId, since.toISOString(), limit],
  );
  return rows.map((row) => ({
    deployment_id: row.deployment_id,
    skills: row.skills,
    credits_reserved: row.credits_reserved,
    offered_at: new Date(row.offered_at).toISOString(),
    ending: row.ending,
    reason: row.reason,
    ended_at: new Date(row.ended_at).toISOString(),
  }));
}
