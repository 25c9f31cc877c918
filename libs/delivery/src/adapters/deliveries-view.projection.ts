import { DELIVERY_EVENT_TYPES } from '@eh/contracts';
import { stateProjection, type ProjectionWrite } from '@eh/event-store';
import { deliveryDecider } from '../domain/delivery.decider';
import { toDeliveryResource } from '../domain/delivery.resource';
import { isPending } from '../domain/delivery.state';

/** The row's columns and their types, in one place: both texts and the values follow this order. */
const COLUMNS = [
  ['delivery_id', 'text'],
  ['workspace_id', 'text'],
  ['endpoint_id', 'text'],
  ['event_id', 'text'],
  ['event_type', 'text'],
  ['deployment_id', 'text'],
  ['status', 'text'],
  ['next_attempt', 'integer'],
  ['next_attempt_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['revision', 'bigint'],
  ['resource', 'json'],
  ['mode', 'text'],
] as const;

type Row = { [Column in (typeof COLUMNS)[number][0]]: unknown };

const NAMES = COLUMNS.map(([name]) => name).join(', ');
const INSERT = `INSERT INTO deliveries_view (${NAMES})`;
const UPSERT = `ON CONFLICT (delivery_id) DO UPDATE SET status = EXCLUDED.status, next_attempt = EXCLUDED.next_attempt,
                 next_attempt_at = EXCLUDED.next_attempt_at, updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision,
                 resource = EXCLUDED.resource`;

/** One delivery's row: alone (an append of its own), or with the others of a group of appends (one statement for all). */
const ALONE = `${INSERT} SELECT ${COLUMNS.map(([, type], index) => `$${index + 1}::${type}`).join(', ')} FROM appended ${UPSERT}`;
const IN_A_GROUP = `${INSERT} SELECT ${NAMES} FROM rows_appended ${UPSERT}`;
const GROUP_COLUMNS = COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');

/**
 * Kept with the append: the reconciler never sees an attempt recorded without its outcome, and
 * the admin API reads its own replay at once. Written in the append's statement when the caller
 * knows the fold, else by folding the whole stream again in its transaction (a
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
    const row: Row = {
      delivery_id: resource.id,
      workspace_id: resource.workspace_id,
      endpoint_id: resource.endpoint_id,
      event_id: resource.event_id,
      event_type: resource.event_type,
      deployment_id: resource.deployment_id,
      status: resource.status,
      next_attempt: pending ? state.next_attempt : null,
      next_attempt_at: pending ? state.next_attempt_at : null,
      created_at: resource.created_at,
      updated_at: resource.updated_at,
      revision,
      resource,
      mode: resource.mode,
    };
    // pg sends an object parameter as its JSON: the resource is serialized only when this write goes alone.
    const values = COLUMNS.map(([name]) => row[name]);
    return [{ text: ALONE, values, rows: { text: IN_A_GROUP, columns: GROUP_COLUMNS, row } }];
  },
  async reset(tx) {
    await tx.query('TRUNCATE deliveries_view');
  },
});
