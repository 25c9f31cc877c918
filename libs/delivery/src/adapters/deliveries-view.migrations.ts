import type { Migration } from '@eh/platform';

/**
 * Deliveries as of their stream's last event (rebuildable from the `delivery-*` streams):
 * the reconciler's work list (pending, by due time) and operations' dead-letter list.
 */
export const deliveriesViewMigrations: readonly Migration[] = [
  {
    id: 'delivery/001-deliveries-view',
    sql: `
      CREATE TABLE deliveries_view (
        delivery_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        endpoint_id text,
        event_id text NOT NULL,
        event_type text NOT NULL,
        deployment_id text,
        status text NOT NULL,
        next_attempt integer,
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        revision bigint NOT NULL,
        resource json NOT NULL
      );
      CREATE INDEX deliveries_view_pending ON deliveries_view (next_attempt_at, delivery_id)
        WHERE status IN ('scheduled', 'retrying');
      CREATE INDEX deliveries_view_by_status ON deliveries_view (status, created_at DESC, delivery_id DESC);
      CREATE INDEX deliveries_view_by_workspace ON deliveries_view (workspace_id, created_at DESC, delivery_id DESC);
    `,
  },
  {
    // Partners list their own deliveries, per mode. Rows of deliveries scheduled before
    // the mode was recorded keep null: operations see them, partners of neither mode do.
    id: 'delivery/002-deliveries-view-mode',
    sql: `
      ALTER TABLE deliveries_view ADD COLUMN IF NOT EXISTS mode text;
      CREATE INDEX IF NOT EXISTS deliveries_view_by_workspace_mode ON deliveries_view (workspace_id, mode, created_at DESC, delivery_id DESC);
    `,
  },
];
