import type { SqlClient } from '@eh/platform';

export interface EarningsItem {
  deployment_id: string;
  completed_at: string;
  credits_charged: number;
  duration_seconds: number;
  /** The brief's first 140 characters, to recognise the work by. */
  brief_excerpt: string;
  /** The agent's rating and comment, once given. */
  feedback: { rating: number; comment: string | null } | null;
}

export interface ExpertEarnings {
  completed_count: number;
  credits_earned: number;
  /** Every rating of the expert's completed work: the mean (null with none) and how many. */
  ratings: { mean: number | null; count: number };
  /** The most recent completed work first, at most 100. */
  data: EarningsItem[];
}

const EXCERPT_LENGTH = 140;

/**
 * Finished work and credits earned, from the read models (the routing view knows who
 * did the work, the deployments view what it was charged). The sum covers all completed work;
 * the list its latest 100.
 */
export async function expertEarnings(sql: SqlClient, expertId: string): Promise<ExpertEarnings> {
  const { rows } = await sql.query<{
    id: string;
    completed_at: string;
    credits_charged: string;
    duration_seconds: string;
    brief: string;
    rating: string | null;
    comment: string | null;
    total_count: string;
    total_credits: string;
    rating_mean: string | null;
    rating_count: string;
  }>(
    `SELECT d.id, d.resource->>'completed_at' AS completed_at, d.resource->>'credits_charged' AS credits_charged,
       d.resource->>'duration_seconds' AS duration_seconds, r.brief,
       d.resource->'feedback'->>'rating' AS rating, d.resource->'feedback'->>'comment' AS comment,
       count(*) OVER () AS total_count, sum((d.resource->>'credits_charged')::bigint) OVER () AS total_credits,
       round(avg((d.resource->'feedback'->>'rating')::int) OVER (), 2) AS rating_mean,
       count(d.resource->'feedback') OVER () AS rating_count
     FROM deployment_routing_view r JOIN deployments_view d ON d.id = r.deployment_id
     WHERE r.assigned_expert_id = $1 AND r.status = 'completed'
     ORDER BY d.resource->>'completed_at' DESC, d.id DESC LIMIT 100`,
    [expertId],
  );
  return {
    completed_count: Number(rows[0]?.total_count ?? 0),
    credits_earned: Number(rows[0]?.total_credits ?? 0),
    ratings: { mean: rows[0]?.rating_mean == null ? null : Number(rows[0].rating_mean), count: Number(rows[0]?.rating_count ?? 0) },
    data: rows.map((row) => ({
      deployment_id: row.id,
      completed_at: row.completed_at,
      credits_charged: Number(row.credits_charged),
      duration_seconds: Number(row.duration_seconds),
      brief_excerpt: [...row.brief].length > EXCERPT_LENGTH ? `${[...row.brief].slice(0, EXCERPT_LENGTH - 1).join('')}…` : row.brief,
      feedback: row.rating === null ? null : { rating: Number(row.rating), comment: row.comment },
    })),
  };
}
