import type { Migration } from '@eh/platform';

/**
 * Offers an expert declined or let lapse, one row per offer (the console's "Missed offers"). A
 * read model of the deployment events, rebuilt from them like any other: it keeps only what the
 * expert may still see of work that is no longer theirs (skills and the reservation, never the brief).
 */
export const missedOffersMigrations: Migration[] = [
  {
    id: 'expert-missed-offers-view-001',
    sql: `
      CREATE TABLE IF NOT EXISTS expert_missed_offers_view (
        deployment_id text NOT NULL,
        offer_number integer NOT NULL,
        expert_id text NOT NULL,
        skills text[] NOT NULL,
        credits_reserved integer NOT NULL,
        offered_at timestamptz NOT NULL,
        ending text NOT NULL,
        reason text,
        ended_at timestamptz NOT NULL,
        PRIMARY KEY (deployment_id, offer_number)
      );
      CREATE INDEX IF NOT EXISTS expert_missed_offers_by_expert ON expert_missed_offers_view (expert_id, offered_at DESC, deployment_id DESC);
    `,
  },
];
