import { foldDeployment } from '@eh/deployments';
import type { DeploymentEvent } from '@eh/contracts';
import type { InlineProjection } from '@eh/event-store';

/**
 * Completed live work per (workspace, expert), the evidence of brief-fit (domain/brief-fit.ts).
 * One row per completed deployment, so concurrent completions never race on a shared counter,
 * and the half-life is applied when reading (it comes from configuration).
 */
export const expertCompletionsProjection: InlineProjection = {
  name: 'expert_completions_view',
  handles: ['deployment.completed'],
  async apply(events, tx) {
    for (const streamName of new Set(events.map((event) => event.streamName))) {
      const { rows } = await tx.query<{ event_type: string; data: unknown }>(
        'SELECT event_type, data FROM events WHERE stream_name = $1 ORDER BY stream_revision',
        [streamName],
      );
      const state = foldDeployment(rows.map((row) => ({ type: row.event_type, data: row.data }) as DeploymentEvent));
      // Test mode is the synthesizer's work: it teaches nothing about human experts.
      if (state.status !== 'completed' || state.details.mode !== 'live') continue;
      await tx.query(
        `INSERT INTO expert_completions_view (deployment_id, workspace_id, expert_id, skills, completed_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (deployment_id) DO NOTHING`,
        [state.details.deployment_id, state.details.workspace_id, state.expert.id, state.details.skills, state.completed_at],
      );
    }
  },
  async reset(tx) {
    await tx.query('TRUNCATE expert_completions_view');
  },
};
