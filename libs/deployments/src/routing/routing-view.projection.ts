import type { DeploymentEvent } from '@eh/contracts';
import { foldRecorded, refoldTouchedStreams, type InlineProjection, type RecordedEvent } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { deploymentDecider } from '../application/deployment-decider';
import { deploymentTimers } from '../domain/deployment.timers';
import { syntheticWorkTimer } from '../synthesizer/synthetic-expert';

/** Every deployment event type, internal ones included; `satisfies` keeps the list complete. */
const ALL_TYPES = {
  'deployment.created': true,
  'deployment.routing_started': true,
  'deployment.offered': true,
  'deployment.offer_declined': true,
  'deployment.offer_expired': true,
  'deployment.accepted': true,
  'deployment.in_progress': true,
  'deployment.needs_input': true,
  'deployment.reply_received': true,
  'deployment.completed': true,
  'deployment.cancelled': true,
  'deployment.expired': true,
} as const satisfies Record<DeploymentEvent['type'], true>;

/**
 * Folds the whole stream again on each append, as deployments_view does: a deployment has a
 * handful of events, and the rows can never drift from the fold (timers included).
 */
export const routingViewProjection: InlineProjection = {
  name: 'deployment_routing_view',
  refoldsStreams: true,
  handles: Object.keys(ALL_TYPES),
  async apply(events, tx, readStream) {
    await refoldTouchedStreams(events, readStream, (history) => refresh(history, tx));
  },
  async reset(tx) {
    await tx.query('TRUNCATE deployment_routing_view, deployment_timers_view');
  },
};

/**
 * One statement per append (issue 14): the routing row, the timers the fold implies (upserted),
 * and the removal of those it no longer implies. The two writes on deployment_timers_view touch
 * disjoint rows, so running them in one statement is safe.
 */
async function refresh(history: RecordedEvent[], tx: SqlClient): Promise<void> {
  const state = foldRecorded(history, deploymentDecider);
  if (state.status === 'initial') return;
  const timers = deploymentTimers(state).map((t) => ({ jobId: t.jobId, kind: t.kind as string, dueAt: t.dueAt, offerNumber: t.offerNumber }));
  const work = syntheticWorkTimer(state);
  if (work) timers.push({ jobId: work.jobId, kind: 'work', dueAt: work.dueAt, offerNumber: null });
  const d = state.details;
  const pending = state.status === 'pending' ? state : null;
  const assigned = state.status === 'pending' ? null : state.expert;
  await tx.query(
    `WITH routing AS (
       INSERT INTO deployment_routing_view (deployment_id, workspace_id, mode, status, brief, skills, urgency, sla_deadline,
         routing_started, offered_expert_id, offer_number, offer_expires_at, offers_made, passed_over, assigned_expert_id, created_at, changed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       ON CONFLICT (deployment_id) DO UPDATE SET status = EXCLUDED.status, routing_started = EXCLUDED.routing_started,
         offered_expert_id = EXCLUDED.offered_expert_id, offer_number = EXCLUDED.offer_number, offer_expires_at = EXCLUDED.offer_expires_at,
         offers_made = EXCLUDED.offers_made, passed_over = EXCLUDED.passed_over, assigned_expert_id = EXCLUDED.assigned_expert_id,
         changed_at = EXCLUDED.changed_at
     ), stale_timers AS (
       DELETE FROM deployment_timers_view WHERE deployment_id = $1 AND NOT (job_id = ANY ($18::text[]))
     )
     INSERT INTO deployment_timers_view (job_id, deployment_id, workspace_id, kind, due_at, offer_number)
     SELECT timer.job_id, $1, $2, timer.kind, timer.due_at, timer.offer_number
       FROM unnest($18::text[], $19::text[], $20::timestamptz[], $21::integer[]) AS timer (job_id, kind, due_at, offer_number)
     ON CONFLICT (job_id) DO UPDATE SET kind = EXCLUDED.kind, due_at = EXCLUDED.due_at, offer_number = EXCLUDED.offer_number`,
    [
      d.deployment_id, d.workspace_id, d.mode, state.status, d.brief, d.skills, d.urgency, d.sla_deadline,
      pending ? pending.routing_started_at !== null : true,
      pending?.offer?.expert.id ?? null,
      pending?.offer?.offer_number ?? null,
      pending?.offer?.expires_at ?? null,
      pending?.offers_made ?? 0,
      pending?.passed_over ?? [],
      assigned?.id ?? null,
      d.created_at,
      history[history.length - 1].metadata.occurred_at,
      timers.map((timer) => timer.jobId),
      timers.map((timer) => timer.kind),
      timers.map((timer) => timer.dueAt),
      timers.map((timer) => timer.offerNumber),
    ],
  );
}
