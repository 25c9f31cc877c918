import type { Migration } from '@eh/platform';

/**
 * Every webhook endpoint as of its stream's last event (rebuildable from the
 * `webhook_endpoint-*` streams): the fan-out's directory of a workspace and mode, and the partner's
 * list. The admin API's endpoint of a whole workspace is a row too, with a null mode.
 */
export const webhookEndpointsViewMigrations: readonly Migration[] = [
  {
    id: 'delivery/003-webhook-endpoints-view',
    sql: `
      CREATE TABLE IF NOT EXISTS webhook_endpoints_view (
        endpoint_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        mode text,
        url text NOT NULL,
        enabled boolean NOT NULL,
        enabled_events jsonb NOT NULL,
        removed boolean NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        resource json NOT NULL
      );
      CREATE INDEX IF NOT EXISTS webhook_endpoints_view_by_workspace ON webhook_endpoints_view (workspace_id, mode, created_at, endpoint_id) WHERE NOT removed;
    `,
  },
];
