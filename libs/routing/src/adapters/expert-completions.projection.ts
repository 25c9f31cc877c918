import { deploymentDecider } from '@eh/deployments';
import { stateProjection, type ProjectionWrite } from '@eh/event-store';

/**
 * Completed live work per (workspace, expert) and the agent's rating of it, the evidence of
 * brief-fit (domain/brief-fit.ts). One row per completed deployment, so concurrent completions
 * never race on a shared counter, and the half-life is applied when reading (it comes from
 * configuration). The row is the fold's, written whole on each event.
 */
export const expertCompletionsProjection = stateProjection({
  name: 'expert_completions_view',
  handles: ['deployment.completed', 'deployment.feedback_given'],
  fold: deploymentDecider,
  writes(state): ProjectionWrite[] {
    // Test mode is the synthesizer's work: it teaches nothing about human experts.
    if (state.status !== 'completed' || state.details.mode !== 'live') return [];
    return [
      {
        text: `INSERT INTO expert_completions_view (deployment_id, workspace_id, expert_id, skills, completed_at, rating, comment, rated_at)
               SELECT $1, $2, $3, $4::text[], $5::timestamptz, $6::smallint, $7, $8::timestamptz FROM appended
               ON CONFLICT (deployment_id) DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, rated_at = EXCLUDED.rated_at`,
        values: [
          state.details.deployment_id,
          state.details.workspace_id,
          state.expert.id,
          state.details.skills,
          state.completed_at,
          state.feedback?.rating ?? null,
          state.feedback?.comment ?? null,
          state.feedback?.given_at ?? null,
        ],
      },
    ];
  },
  async reset(tx) {
    await tx.query('TRUNCATE expert_completions_view');
  },
});
