import { LIMIT_REQUEST_EVENT_TYPES } from '@eh/contracts';
import { foldRecorded, streamProjection } from '@eh/event-store';
import type { Migration } from '@eh/platform';
import { limitRequestDecider, toLimitRequestResource } from '../domain/limit-request.decider';

export const limitRequestsMigrations: readonly Migration[] = [
  {
    id: 'workspaces-limit-requests-001',
    sql: `
      CREATE TABLE IF NOT EXISTS limit_requests_view (
        request_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        resource json NOT NULL
      );
      CREATE INDEX IF NOT EXISTS limit_requests_view_by_time ON limit_requests_view (created_at DESC, request_id DESC);
    `,
  },
];

/** Inline: operations' list shows a request as soon as it is made. */
export const limitRequestsProjection = streamProjection({
  name: 'limit_requests_view',
  handles: LIMIT_REQUEST_EVENT_TYPES,
  tables: ['limit_requests_view'],
  async refresh(history, tx) {
    const resource = toLimitRequestResource(foldRecorded(history, limitRequestDecider));
    if (!resource) return;
    await tx.query(
      `INSERT INTO limit_requests_view (request_id, workspace_id, status, created_at, resource) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (request_id) DO UPDATE SET status = EXCLUDED.status, resource = EXCLUDED.resource`,
      [resource.id, resource.workspace_id, resource.status, resource.created_at, JSON.stringify(resource)],
    );
  },
});
