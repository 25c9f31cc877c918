import { deploymentDecider } from '@eh/deployments';
import { stateProjection, type ProjectionWrite } from '@eh/event-store';

/**
 * Completed live work per (workspace, expert), the evidence of brief-fit (domain/brief-fit.ts).
 * One row per completed deployment, so concurrent completions never race on a shared counter,
 * and the half-life is applied when reading (it comes from configuration).
 */
export const expertCompletionsProjection = stateProjection({
  name: 'expert_completions_view',
  handles: ['deployment.completed'],
  fold: deploymentDecider,
  writes(state): ProjectionWrite[] {
    // Test mode is the synthesizer's work: it teaches nothing about human experts.
    if (state.status !== 'completed' || state.details.mode !== 'live') return [];
    return [
      {
        text: `INSERT INTO expert_completions_view (deployment_id, workspace_id, expert_id, skills, completed_at)
               SELECT $1, $2, $3, $4::text[], $5::timestamptz FROM appended ON CONFLICT (deployment_id) DO NOTHING`,
        values: [state.details.deployment_id, state.details.workspace_id, state.expert.id, state.details.skills, state.completed_at],
      },
    ];
  },
  async reset(tx) {
    await tx.query('TRUNCATE expert_completions_view');
  },
});
