import type { SqlClient } from '@eh/platform';
import type { TimerKind } from '@eh/deployments';

export interface TimerRow {
  jobId: string;
  deploymentId: string;
  workspaceId: string;
  kind: TimerKind;
  dueAt: Date;
  offerNumber: number | null;
}

/** A deployment as an expert's list shows it (GET /expert/v1/offers, /assignments). */
export interface ExpertWorkItem {
  id: string;
  status: string;
  brief: string;
  skills: string[];
  urgency: string;
  sla_deadline: string;
  /** Set on an open offer: accept or decline before then. */
  offer_expires_at: string | null;
  created_at: string;
  /** What the workspace holds for the work: the most its charge can settle at. */
  credits_reserved: number;
}

const TIMER_COLUMNS =
  'job_id AS "jobId", deployment_id AS "deploymentId", workspace_id AS "workspaceId", kind, due_at AS "dueAt", offer_number AS "offerNumber"';

export async function timersOfDeployment(sql: SqlClient, deploymentId: string): Promise<TimerRow[]> {
  const { rows } = await sql.query<TimerRow>(`SELECT ${TIMER_COLUMNS} FROM deployment_timers_view WHERE deployment_id = $1`, [deploymentId]);
  return rows;
}

/** Timers due before `before` (the reconciler's horizon), soonest first. */
export async function timersDueBefore(sql: SqlClient, before: Date): Promise<TimerRow[]> {
  const { rows } = await sql.query<TimerRow>(`SELECT ${TIMER_COLUMNS} FROM deployment_timers_view WHERE due_at < $1 ORDER BY due_at`, [before]);
  return rows;
}

const ITEM_COLUMNS = `deployment_id AS id, status, brief, skills, urgency,
  to_char(sla_deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS sla_deadline,
  to_char(offer_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS offer_expires_at,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  COALESCE((SELECT (d.resource->>'credits_reserved')::int FROM deployments_view d WHERE d.id = deployment_routing_view.deployment_id), 0) AS credits_reserved`;

/** The offers open to an expert right now (one per deployment; several deployments may offer to one expert). */
export async function openOffersFor(sql: SqlClient, expertId: string): Promise<ExpertWorkItem[]> {
  const { rows } = await sql.query<ExpertWorkItem>(
    `SELECT ${ITEM_COLUMNS} FROM deployment_routing_view WHERE offered_expert_id = $1 AND status = 'pending' ORDER BY offer_expires_at, deployment_id`,
    [expertId],
  );
  return rows;
}

/** Deployments assigned to an expert: the active ones, or every one with `all`. */
export async function assignmentsFor(sql: SqlClient, expertId: string, all: boolean): Promise<ExpertWorkItem[]> {
  const { rows } = await sql.query<ExpertWorkItem>(
    `SELECT ${ITEM_COLUMNS} FROM deployment_routing_view
     WHERE assigned_expert_id = $1 AND ($2 OR status IN ('accepted', 'in_progress', 'needs_input'))
     ORDER BY changed_at DESC, deployment_id DESC LIMIT 100`,
    [expertId, all],
  );
  return rows;
}

/**
 * Pending live deployments waiting for an expert (routing, no open offer) that this expert
 * could take: skills overlap and not passed over. The router offers them when the roster changes.
 */
export async function idleDeploymentsFor(sql: SqlClient, expert: { id: string; skills: string[] }, limit = 500): Promise<string[]> {
  const { rows } = await sql.query<{ deployment_id: string }>(
    `SELECT deployment_id FROM deployment_routing_view
     WHERE status = 'pending' AND mode = 'live' AND routing_started AND offered_expert_id IS NULL
       AND skills && $1::text[] AND NOT ($2 = ANY(passed_over))
     ORDER BY sla_deadline LIMIT $3`,
    [expert.skills, expert.id, limit],
  );
  return rows.map((row) => row.deployment_id);
}
