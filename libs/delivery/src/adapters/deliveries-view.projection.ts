import { DELIVERY_EVENT_TYPES } from '@eh/contracts';
import { stateProjection, type ProjectionWrite } from '@eh/event-store';
import { deliveryDecider } from '../application/delivery-deciders';
import { toDeliveryResource } from '../domain/delivery.resource';
import { isPending } from '../domain/delivery.state';

/**
 * Kept with the append: the reconciler never sees an attempt recorded without its outcome, and
 * the admin API reads its own replay at once. Written in the append's statement when the caller
 * knows the fold (issue 14), else by folding the whole stream again in its transaction (a
 * delivery has a few dozen events at most), so the row can never drift from the fold.
 */
export const deliveriesViewProjection = stateProjection({
  name: 'deliveries_view',
  handles: DELIVERY_EVENT_TYPES,
  fold: deliveryDecider,
  writes(state, { revision }): ProjectionWrite[] {
    if (state.status === 'initial') return [];
    const resource = toDeliveryResource(state);
    const pending = isPending(state);
    return [
      {
        text: `INSERT INTO deliveries_view (delivery_id, workspace_id, endpoint_id, event_id, event_type, deployment_id, status,
                                        next_attempt, next_attempt_at, created_at, updated_at, revision, resource, mode)
               SELECT $1, $2, $3, $4, $5, $6, $7, $8::integer, $9::timestamptz, $10::timestamptz, $11::timestamptz, $12::bigint, $13::json, $14
                 FROM appended
               ON CONFLICT (delivery_id) DO UPDATE SET status = EXCLUDED.status, next_attempt = EXCLUDED.next_attempt,
                 next_attempt_at = EXCLUDED.next_attempt_at, updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision,
                 resource = EXCLUDED.resource`,
        values: [
          resource.id,
          resource.workspace_id,
          resource.endpoint_id,
          resource.event_id,
          resource.event_type,
          resource.deployment_id,
          resource.status,
          pending ? state.next_attempt : null,
          pending ? state.next_attempt_at : null,
          resource.created_at,
          resource.updated_at,
          revision,
          JSON.stringify(resource),
          resource.mode,
        ],
      },
    ];
  },
  async reset(tx) {
    await tx.query('TRUNCATE deliveries_view');
  },
});
