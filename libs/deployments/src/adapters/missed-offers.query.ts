import type { SqlClient } from '@eh/platform';
import type { MissedOfferRow } from './missed-offers.projection';

/** An offer the expert declined or let lapse: what it needed and would have paid, never its brief. */
export type MissedOffer = Omit<MissedOfferRow, 'offer_number' | 'expert_id'>;

/** The expert's missed offers made since `since`, newest first, at most `limit` (the index's order). */
export async function missedOffersFor(sql: SqlClient, expertId: string, since: Date, limit: number): Promise<MissedOffer[]> {
  const { rows } = await sql.query<Omit<MissedOffer, 'offered_at' | 'ended_at'> & { offered_at: Date; ended_at: Date }>(
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
