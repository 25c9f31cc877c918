import type { SqlClient } from '@eh/platform';

export interface ExpertDraft {
  body: string;
  attachment_ids: string[];
  /** Null: not set by the expert (the console tracks time from `started_at`). */
  duration_seconds: number | null;
  /** Null: not set by the expert (the console proposes a charge). */
  credits_charged: number | null;
  /** Null until first saved. */
  updated_at: string | null;
}

/** What `GET …/draft` answers before anything was saved: one path for the console (contract change). */
export const EMPTY_DRAFT: ExpertDraft = Object.freeze({
  body: '',
  attachment_ids: [],
  duration_seconds: null,
  credits_charged: null,
  updated_at: null,
}) as ExpertDraft;

export async function findExpertDraft(sql: SqlClient, work: { deploymentId: string; expertId: string }): Promise<ExpertDraft> {
  const { rows } = await sql.query<ExpertDraft>(
    `SELECT body, attachment_ids, duration_seconds, credits_charged,
       to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
     FROM expert_drafts WHERE deployment_id = $1 AND expert_id = $2`,
    [work.deploymentId, work.expertId],
  );
  return rows[0] ?? { ...EMPTY_DRAFT, attachment_ids: [] };
}

/** The whole draft is replaced (PUT): the console always sends everything it shows. */
export async function saveExpertDraft(
  sql: SqlClient,
  work: { deploymentId: string; expertId: string },
  draft: Omit<ExpertDraft, 'updated_at'>,
  now: Date,
): Promise<ExpertDraft> {
  await sql.query(
    `INSERT INTO expert_drafts (deployment_id, expert_id, body, attachment_ids, duration_seconds, credits_charged, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (deployment_id, expert_id) DO UPDATE SET body = EXCLUDED.body, attachment_ids = EXCLUDED.attachment_ids,
       duration_seconds = EXCLUDED.duration_seconds, credits_charged = EXCLUDED.credits_charged, updated_at = EXCLUDED.updated_at`,
    [work.deploymentId, work.expertId, draft.body, draft.attachment_ids, draft.duration_seconds, draft.credits_charged, now],
  );
  return { ...draft, updated_at: now.toISOString() };
}
