import type { DeploymentEvent } from '@eh/contracts';
import { foldRecorded, refoldTouchedStreams, type InlineProjection, type RecordedEvent } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { deploymentDecider } from '../application/deployment-decider';
import { toDeploymentResource } from '../domain/deployment.resource';

const DEPLOYMENT_EVENT_TYPES: readonly DeploymentEvent['type'][] = [
  'deployment.created',
  'deployment.accepted',
  'deployment.in_progress',
  'deployment.needs_input',
  'deployment.reply_received',
  'deployment.completed',
  'deployment.cancelled',
  'deployment.expired',
];

/**
 * Runs inside the append's transaction, so a GET right after a write sees it (DESIGN.md
 * "Read models"). It folds the whole stream again rather than patching the row: a deployment
 * has a handful of events, and the row can never drift from the fold.
 */
export const deploymentsViewProjection: InlineProjection = {
  name: 'deployments_view',
  refoldsStreams: true,
  handles: DEPLOYMENT_EVENT_TYPES,
  async apply(events, tx, readStream) {
    await refoldTouchedStreams(events, readStream, (history) => refresh(history, tx));
  },
  async reset(tx) {
    await tx.query('TRUNCATE deployments_view');
  },
};

async function refresh(history: RecordedEvent[], tx: SqlClient): Promise<void> {
  const state = foldRecorded(history, deploymentDecider);
  if (state.status === 'initial') return;
  const resource = toDeploymentResource(state);
  await tx.query(
    `INSERT INTO deployments_view (id, workspace_id, mode, status, skills, created_at, updated_at, revision, resource)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at,
       revision = EXCLUDED.revision, resource = EXCLUDED.resource`,
    [
      resource.id,
      state.details.workspace_id,
      state.details.mode,
      resource.status,
      resource.skills,
      resource.created_at,
      resource.updated_at,
      history.length - 1,
      JSON.stringify(resource),
    ],
  );
}
