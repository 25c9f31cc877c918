import type { SqlClient } from '@eh/platform';

/** One completed deployment as the earnings export lists it. */
export interface EarningsExportRow {
  deployment_id: string;
  completed_at: string;
  skills: string[];
  credits_charged: number;
  duration_seconds: number;
  rating: number | null;
  brief: string;
}

/** Where the previous page ended: the export walks completed work oldest first by (completed_at, id). */
export interface EarningsCursor {
  completedAt: string;
  deploymentId: string;
}

export interface EarningsRange {
  /** Inclusive. */
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
}

/**
 * One page of an expert's completed work in a range, oldest first, after `cursor`: the CSV export
 * reads page by page, so a long history streams in bounded memory instead of one large result.
 */
export async function earningsExportPage(
  sql: SqlClient,
  expertId: string,
  range: EarningsRange,
  cursor: EarningsCursor | null,
  limit: number,
): Promise<EarningsExportRow[]> {
  const { rows } = await sql.query<{
    id: string;
    completed_at: string;
    skills: string[];
    credits_charged: string;
    duration_seconds: string;
    rating: string | null;
    brief: string;
  }>(
    `SELECT d.id, d.resource->>'completed_at' AS completed_at, r.skills, d.resource->>'credits_charged' AS credits_charged,
       d.resource->>'duration_seconds' AS duration_seconds, d.resource->'feedback'->>'rating' AS rating, r.brief
     FROM deployment_routing_view r JOIN deployments_view d ON d.id = r.deployment_id
     WHERE r.assigned_expert_id = $1 AND r.status = 'completed'
       AND ($2::timestamptz IS NULL OR (d.resource->>'completed_at')::timestamptz >= $2)
       AND ($3::timestamptz IS NULL OR (d.resource->>'completed_at')::timestamptz < $3)
       AND ($4::timestamptz IS NULL OR ((d.resource->>'completed_at')::timestamptz, d.id) > ($4::timestamptz, $5::text))
     ORDER BY (d.resource->>'completed_at')::timestamptz, d.id
     LIMIT $6`,
    [expertId, range.from, range.to, cursor?.completedAt ?? null, cursor?.deploymentId ?? '', limit],
  );
  return rows.map((row) => ({
    deployment_id: row.id,
    completed_at: row.completed_at,
    skills: row.skills,
    credits_charged: Number(row.credits_charged),
    duration_seconds: Number(row.duration_seconds),
    rating: row.rating === null ? null : Number(row.rating),
    brief: row.brief,
  }));
}

export type EarningsPeriodUnit = 'week' | 'month';

export interface EarningsPeriod {
  /** The period's first day in the asked time zone (`YYYY-MM-DD`; a week starts on Monday). */
  start: string;
  completed_count: number;
  credits_earned: number;
}

export interface EarningsByPeriod {
  period: EarningsPeriodUnit;
  time_zone: string;
  /** Periods with completed work, newest first, at most `limit`. */
  data: EarningsPeriod[];
  /** Every completed deployment, whatever its period. */
  total: { completed_count: number; credits_earned: number };
}

/**
 * Credits earned per week or month in the expert's time zone (PostgreSQL's date_trunc on the
 * local time), with the total over all completed work. `timeZone` must be a name PostgreSQL knows.
 */
export async function earningsByPeriod(
  sql: SqlClient,
  expertId: string,
  period: EarningsPeriodUnit,
  timeZone: string,
  limit: number,
): Promise<EarningsByPeriod> {
  const { rows } = await sql.query<{ start: string | null; completed_count: string; credits_earned: string | null }>(
    `WITH done AS (
       SELECT date_trunc($2, ((d.resource->>'completed_at')::timestamptz) AT TIME ZONE $3)::date AS start,
              (d.resource->>'credits_charged')::bigint AS credits
       FROM deployment_routing_view r JOIN deployments_view d ON d.id = r.deployment_id
       WHERE r.assigned_expert_id = $1 AND r.status = 'completed')
     (SELECT to_char(start, 'YYYY-MM-DD') AS start, count(*) AS completed_count, sum(credits) AS credits_earned
      FROM done GROUP BY start ORDER BY start DESC LIMIT $4)
     UNION ALL
     SELECT NULL, count(*), sum(credits) FROM done`,
    [expertId, period, timeZone, limit],
  );
  const total = rows.find((row) => row.start === null);
  return {
    period,
    time_zone: timeZone,
    data: rows
      .filter((row) => row.start !== null)
      .map((row) => ({ start: row.start as string, completed_count: Number(row.completed_count), credits_earned: Number(row.credits_earned ?? 0) }))
      .sort((a, b) => (a.start < b.start ? 1 : -1)),
    total: { completed_count: Number(total?.completed_count ?? 0), credits_earned: Number(total?.credits_earned ?? 0) },
  };
}
