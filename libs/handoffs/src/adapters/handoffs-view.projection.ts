import type { HandoffEvent } from '@eh/contracts';
import type { InlineProjection } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { toHandoffResource } from '../domain/handoff.resource';
import { foldHandoff } from '../domain/handoff.state';

const HANDOFF_EVENT_TYPES: readonly HandoffEvent['type'][] = [
  'handoff.opened',
  'handoff.in_review',
  'handoff.needs_input',
  'handoff.ready',
  'handoff.cancelled',
  'handoff.expired',
];

/** In the append's transaction, so GET /v1/handoffs/:id right after the create shows it; folds the (short) stream again. */
export const handoffsViewProjection: InlineProjection = {
  name: 'handoffs_view',
  handles: HANDOFF_EVENT_TYPES,
  async apply(events, tx) {
    for (const stream of new Set(events.map((event) => event.streamName))) await refresh(stream, tx);
  },
  async reset(tx) {
    await tx.query('TRUNCATE handoffs_view');
  },
};

async function refresh(streamName: string, tx: SqlClient): Promise<void> {
  const { rows } = await tx.query<{ event_type: string; data: unknown }>('SELECT event_type, data FROM events WHERE stream_name = $1 ORDER BY stream_revision', [streamName]);
  const state = foldHandoff(rows.map((row) => ({ type: row.event_type, data: row.data }) as HandoffEvent));
  if (state.status === 'initial') return;
  const resource = toHandoffResource(state);
  await tx.query(
    `INSERT INTO handoffs_view (id, workspace_id, mode, deployment_id, status, created_at, updated_at, revision, resource)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision, resource = EXCLUDED.resource`,
    [resource.id, state.details.workspace_id, state.details.mode, resource.deployment_id, resource.status, resource.created_at, resource.updated_at, rows.length - 1, JSON.stringify(resource)],
  );
}
