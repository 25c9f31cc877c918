import { DELIVERY_EVENT_TYPES } from '@eh/contracts';
import { foldRecorded, refoldTouchedStreams, type InlineProjection, type RecordedEvent } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { deliveryDecider } from '../application/delivery-deciders';
import { toDeliveryResource } from '../domain/delivery.resource';
import { isPending } from '../domain/delivery.state';

/**
 * Inline, in the append's transaction: the reconciler never sees an attempt recorded without
 * its outcome, and the admin API reads its own replay at once. It folds the whole stream
 * again (a delivery has a few dozen events at most), so the row can never drift from the fold.
 */
export const deliveriesViewProjection: InlineProjection = {
  name: 'deliveries_view',
  refoldsStreams: true,
  handles: DELIVERY_EVENT_TYPES,
  async apply(events, tx, readStream) {
    await refoldTouchedStreams(events, readStream, (history) => refresh(history, tx));
  },
  async reset(tx) {
    await tx.query('TRUNCATE deliveries_view');
  },
};

async function refresh(history: RecordedEvent[], tx: SqlClient): Promise<void> {
  const state = foldRecorded(history, deliveryDecider);
  if (state.status === 'initial') return;
  const resource = toDeliveryResource(state);
  const pending = isPending(state);
  await tx.query(
    `INSERT INTO deliveries_view (delivery_id, workspace_id, endpoint_id, event_id, event_type, deployment_id, status,
                                  next_attempt, next_attempt_at, created_at, updated_at, revision, resource, mode)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (delivery_id) DO UPDATE SET status = EXCLUDED.status, next_attempt = EXCLUDED.next_attempt,
       next_attempt_at = EXCLUDED.next_attempt_at, updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision,
       resource = EXCLUDED.resource`,
    [
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
      history.length - 1,
      JSON.stringify(resource),
      resource.mode,
    ],
  );
}
