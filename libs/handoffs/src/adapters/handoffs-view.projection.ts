import type { HandoffEvent } from '@eh/contracts';
import { foldRecorded, streamProjection, type RecordedEvent } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { toHandoffResource } from '../domain/handoff.resource';
import { handoffDecider } from '../domain/handoff.decider';

const HANDOFF_EVENT_TYPES: readonly HandoffEvent['type'][] = [
  'handoff.opened',
  'handoff.in_review',
  'handoff.needs_input',
  'handoff.ready',
  'handoff.cancelled',
  'handoff.expired',
];

/** In the append's transaction, so GET /v1/handoffs/:id right after the create shows it; folds the (short) stream again. */
export const handoffsViewProjection = streamProjection({
  name: 'handoffs_view',
  handles: HANDOFF_EVENT_TYPES,
  tables: ['handoffs_view'],
  refresh,
});

async function refresh(history: RecordedEvent[], tx: SqlClient): Promise<void> {
  const state = foldRecorded(history, handoffDecider);
  if (state.status === 'initial') return;
  const resource = toHandoffResource(state);
  await tx.query(
    `INSERT INTO handoffs_view (id, workspace_id, mode, deployment_id, status, created_at, updated_at, revision, resource)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision, resource = EXCLUDED.resource`,
    [
      resource.id,
      state.details.workspace_id,
      state.details.mode,
      resource.deployment_id,
      resource.status,
      resource.created_at,
      resource.updated_at,
      history.length - 1,
      JSON.stringify(resource),
    ],
  );
}
