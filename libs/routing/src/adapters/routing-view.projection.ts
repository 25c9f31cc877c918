import { DEPLOYMENT_EVENT_TYPES } from '@eh/contracts';
import { stateProjection, WITH_ITS_EVENTS, type ProjectionWrite, type StreamPosition } from '@eh/event-store';
import { deploymentDecider, timersImpliedBy } from '@eh/deployments';

/**
 * The routing row and the timers the fold implies, kept with the append as deployments_view is:
 * in its statement when the caller knows the fold, else by folding the whole stream
 * again in its transaction. Never patched, so the rows (timers included) cannot drift from the fold.
 */
export const routingViewProjection = stateProjection({
  name: 'deployment_routing_view',
  // Every deployment event type, the routing ones included.
  handles: DEPLOYMENT_EVENT_TYPES,
  fold: deploymentDecider,
  writes: routingWrites,
  async reset(tx) {
    await tx.query('TRUNCATE deployment_routing_view, deployment_timers_view');
  },
});

/**
 * The routing row, the timers the fold implies (upserted), and the removal of those it no longer
 * implies (one statement). The two writes on deployment_timers_view touch disjoint rows,
 * so running them in one statement is safe.
 */
function routingWrites(state: ReturnType<typeof deploymentDecider.evolve>, { occurredAt }: StreamPosition): ProjectionWrite[] {
  if (state.status === 'initial') return [];
  const timers = timersImpliedBy(state);
  const d = state.details;
  const pending = state.status === 'pending' ? state : null;
  const assigned = state.status === 'pending' ? null : state.expert;
  const timerIds = timers.map((timer) => timer.jobId);
  return [
    {
      text: `INSERT INTO deployment_routing_view (deployment_id, workspace_id, mode, status, brief, skills, urgency, sla_deadline,
               routing_started, offered_expert_id, offer_number, offer_expires_at, offers_made, passed_over, assigned_expert_id, created_at, changed_at)
             SELECT $1, $2, $3, $4, $5, $6::text[], $7, $8::timestamptz, $9::boolean, $10, $11::integer, $12::timestamptz, $13::integer,
               $14::text[], $15, $16::timestamptz, $17::timestamptz FROM appended
             ON CONFLICT (deployment_id) DO UPDATE SET status = EXCLUDED.status, routing_started = EXCLUDED.routing_started,
               offered_expert_id = EXCLUDED.offered_expert_id, offer_number = EXCLUDED.offer_number, offer_expires_at = EXCLUDED.offer_expires_at,
               offers_made = EXCLUDED.offers_made, passed_over = EXCLUDED.passed_over, assigned_expert_id = EXCLUDED.assigned_expert_id,
               changed_at = EXCLUDED.changed_at`,
      values: [
        d.deployment_id,
        d.workspace_id,
        d.mode,
        state.status,
        d.brief,
        d.skills,
        d.urgency,
        d.sla_deadline,
        pending ? pending.routing_started_at !== null : true,
        pending?.offer?.expert.id ?? null,
        pending?.offer?.offer_number ?? null,
        pending?.offer?.expires_at ?? null,
        pending?.offers_made ?? 0,
        pending?.passed_over ?? [],
        assigned?.id ?? null,
        d.created_at,
        occurredAt,
      ],
    },
    {
      text: `DELETE FROM deployment_timers_view
              WHERE deployment_id = $1 AND NOT (job_id = ANY ($2::text[])) ${WITH_ITS_EVENTS}`,
      values: [d.deployment_id, timerIds],
    },
    {
      text: `INSERT INTO deployment_timers_view (job_id, deployment_id, workspace_id, kind, due_at, offer_number)
             SELECT timer.job_id, $1, $2, timer.kind, timer.due_at, timer.offer_number
               FROM unnest($3::text[], $4::text[], $5::timestamptz[], $6::integer[]) AS timer (job_id, kind, due_at, offer_number), appended
             ON CONFLICT (job_id) DO UPDATE SET kind = EXCLUDED.kind, due_at = EXCLUDED.due_at, offer_number = EXCLUDED.offer_number`,
      values: [
        d.deployment_id,
        d.workspace_id,
        timerIds,
        timers.map((timer) => timer.kind),
        timers.map((timer) => timer.dueAt),
        timers.map((timer) => timer.offerNumber),
      ],
    },
  ];
}
