import type { DeploymentEvent } from '@eh/contracts';
import { streamProjection } from '@eh/event-store';

export type MissedOfferEnding = 'lapsed' | 'declined';

/** One row of expert_missed_offers_view, as an offer's end and its stream imply it (pure). */
export interface MissedOfferRow {
  deployment_id: string;
  offer_number: number;
  expert_id: string;
  skills: string[];
  /** The credits the workspace reserved: at most what the work would have paid. */
  credits_reserved: number;
  offered_at: string;
  ending: MissedOfferEnding;
  /** The expert's reason for a decline, when they gave one; null for a lapse. */
  reason: string | null;
  ended_at: string;
}

/**
 * The offers of a stream that ended in a decline or a lapse, with what the creation and the offer
 * said (skills, reservation, when it was offered). Pure: the projection and its test share it.
 */
export function missedOffersOf(history: readonly { type: string; data: unknown }[]): MissedOfferRow[] {
  let skills: string[] = [];
  let credits = 0;
  const offeredAt = new Map<number, string>();
  const rows: MissedOfferRow[] = [];
  for (const { type, data } of history) {
    const event = { type, data } as DeploymentEvent;
    switch (event.type) {
      case 'deployment.created':
        skills = event.data.skills;
        credits = event.data.credits_reserved;
        break;
      case 'deployment.offered':
        offeredAt.set(event.data.offer_number, event.data.offered_at);
        break;
      case 'deployment.offer_declined':
      case 'deployment.offer_expired': {
        const declined = event.type === 'deployment.offer_declined' ? event.data : null;
        const offered = offeredAt.get(event.data.offer_number);
        if (offered === undefined) break;
        rows.push({
          deployment_id: event.data.deployment_id,
          offer_number: event.data.offer_number,
          expert_id: event.data.expert_id,
          skills,
          credits_reserved: credits,
          offered_at: offered,
          ending: declined ? 'declined' : 'lapsed',
          reason: declined?.reason.trim() || null,
          ended_at: declined ? declined.declined_at : (event.data as { expired_at: string }).expired_at,
        });
        break;
      }
      default:
        break;
    }
  }
  return rows;
}

/**
 * Kept with the append of a decline or a lapse (rare next to the other deployment events, so the
 * transaction it needs costs little); the stream is read once, already in hand for the append.
 * Rows are only ever added, so a rebuild or a repeated append writes the same ones.
 */
export const missedOffersProjection = streamProjection({
  name: 'expert_missed_offers_view',
  handles: ['deployment.offer_declined', 'deployment.offer_expired'],
  tables: ['expert_missed_offers_view'],
  async refresh(history, tx) {
    const rows = missedOffersOf(history);
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO expert_missed_offers_view (deployment_id, offer_number, expert_id, skills, credits_reserved, offered_at, ending, reason, ended_at)
       SELECT row.deployment_id, row.offer_number, row.expert_id, ARRAY(SELECT jsonb_array_elements_text(row.skills)), row.credits_reserved,
              row.offered_at, row.ending, row.reason, row.ended_at
         FROM jsonb_to_recordset($1::jsonb) AS row (deployment_id text, offer_number integer, expert_id text, skills jsonb,
              credits_reserved integer, offered_at timestamptz, ending text, reason text, ended_at timestamptz)
       ON CONFLICT (deployment_id, offer_number) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  },
});
