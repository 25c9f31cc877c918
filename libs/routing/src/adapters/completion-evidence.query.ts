import type { SqlClient } from '@eh/platform';
import type { WorkspaceEvidence } from '../domain/matching';

/** Which evidence to sum: a workspace's completions by these experts since `since`, decayed to `now`. */
export interface EvidenceQuestion {
  workspaceId: string;
  expertIds: readonly string[];
  /** The request's skills: brief-fit reads only their weights. */
  skills: readonly string[];
  since: Date;
  now: Date;
  halfLifeSeconds: number;
}

/**
 * Brief-fit's evidence (brief-fit.ts, `evidenceFrom`: the same sums, which the int test holds
 * them to), summed by PostgreSQL: per expert, how many completions, and the decayed, rated weight
 * of each requested skill. A workspace's completions grow with its use, up to eight half-lives
 * (240 days by default) of them: each offer and quote once read every one to sum them here.
 */
export async function completionEvidence(sql: SqlClient, question: EvidenceQuestion): Promise<Map<string, WorkspaceEvidence>> {
  const evidence = new Map<string, { completedCount: number; skillWeights: Map<string, number> }>();
  if (question.expertIds.length === 0) return evidence;
  const { rows } = await sql.query<{ expert_id: string; skill: string | null; value: number }>(
    `WITH weighed AS (
       SELECT expert_id, skills,
              CASE WHEN $5::float8 <= 0 THEN 0
                   ELSE power(0.5, GREATEST(0, EXTRACT(EPOCH FROM ($4::timestamptz - completed_at)))::float8 / $5::float8) END
              * CASE rating WHEN 5 THEN 1.5 WHEN 3 THEN 0.5 WHEN 2 THEN -1 WHEN 1 THEN -2 ELSE 1 END AS weight
       FROM expert_completions_view
       WHERE workspace_id = $1 AND expert_id = ANY($2::text[]) AND completed_at >= $3)
     SELECT expert_id, NULL AS skill, count(*)::float8 AS value FROM weighed GROUP BY expert_id
     UNION ALL
     SELECT expert_id, skill, sum(weight) AS value FROM weighed, unnest(skills) AS skill WHERE skill = ANY($6::text[]) GROUP BY expert_id, skill`,
    [question.workspaceId, question.expertIds, question.since, question.now, question.halfLifeSeconds, question.skills],
  );
  for (const row of rows) {
    const entry = evidence.get(row.expert_id) ?? { completedCount: 0, skillWeights: new Map<string, number>() };
    if (row.skill === null) entry.completedCount = row.value;
    else entry.skillWeights.set(row.skill, row.value);
    evidence.set(row.expert_id, entry);
  }
  return evidence;
}
