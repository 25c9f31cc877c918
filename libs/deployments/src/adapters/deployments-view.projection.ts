import { DEPLOYMENT_EVENT_TYPES, DEPLOYMENT_ROUTING_EVENT_TYPES } from '@eh/contracts';
import { stateProjection, type ProjectionWrite } from '@eh/event-store';
import { deploymentDecider } from '../domain/deployment.decider';
import { toDeploymentResource } from '../domain/deployment.resource';

/** The resource's own events: the routing ones are internal and leave what a client is shown alone. */
const RESOURCE_EVENT_TYPES = DEPLOYMENT_EVENT_TYPES.filter((type) => !DEPLOYMENT_ROUTING_EVENT_TYPES.includes(type));

/**
 * Kept with the append, so a GET right after a write sees it: in the
 * append's own statement when the caller knows the fold, else by folding the whole
 * stream again in its transaction. Either way the row is the fold's, never a patch.
 */
export const deploymentsViewProjection = stateProjection({
  name: 'deployments_view',
  handles: RESOURCE_EVENT_TYPES,
  fold: deploymentDecider,
  writes(state, { revision }): ProjectionWrite[] {
    if (state.status === 'initial') return [];
    const resource = toDeploymentResource(state);
    return [
      {
        text: `INSERT INTO deployments_view (id, workspace_id, mode, status, skills, created_at, updated_at, revision, resource, follow_up_to, brief)
               SELECT $1, $2, $3, $4, $5::text[], $6::timestamptz, $7::timestamptz, $8::bigint, $9::json, $10, $11 FROM appended
               ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at,
                 revision = EXCLUDED.revision, resource = EXCLUDED.resource`,
        values: [
          resource.id,
          state.details.workspace_id,
          state.details.mode,
          resource.status,
          resource.skills,
          resource.created_at,
          resource.updated_at,
          revision,
          JSON.stringify(resource),
          state.details.follow_up_to?.deployment_id ?? null,
          resource.brief,
        ],
      },
    ];
  },
  async reset(tx) {
    await tx.query('TRUNCATE deployments_view');
  },
});
