import type { DeploymentCompleted } from '@eh/contracts';
import { runProjectionWrites, WITH_ITS_EVENTS, type InlineProjection, type NewEvent, type ProjectionWrite } from '@eh/event-store';

const ALONE = `DELETE FROM expert_drafts WHERE deployment_id = $1 ${WITH_ITS_EVENTS}`;
const IN_A_GROUP = 'DELETE FROM expert_drafts USING rows_appended WHERE expert_drafts.deployment_id = rows_appended.deployment_id';

function writesOf(event: Pick<NewEvent, 'data'>): ProjectionWrite[] {
  const deploymentId = (event.data as DeploymentCompleted['data']).deployment_id;
  return [{ text: ALONE, values: [deploymentId], rows: { text: IN_A_GROUP, columns: 'deployment_id text', row: { deployment_id: deploymentId } } }];
}

/**
 * A deployment's drafts go when it completes: the published output stands in their place. The
 * delete rides in the completing append's own statement, so publishing costs no round trip more
 * than its append, and no draft outlives a publish whose answer was lost. No reset: drafts are
 * the experts' own work, not rebuilt from events, and replaying the completions deletes only what
 * is already gone.
 */
export const expertDraftsProjection: InlineProjection = {
  name: 'expert_drafts',
  handles: ['deployment.completed'],
  fromEvent: writesOf,
  async apply(events, tx) {
    for (const event of events) await runProjectionWrites(tx, writesOf(event));
  },
};
