import type { Migration } from '@eh/platform';

/** The audit log, one row per change (rebuildable from the events it lists). */
export const auditLogMigrations: readonly Migration[] = [
  {
    id: 'workspaces-audit-001',
    sql: `
      CREATE TABLE IF NOT EXISTS audit_log_view (
        position bigserial PRIMARY KEY,
        event_id text NOT NULL UNIQUE,
        workspace_id text NOT NULL,
        action text NOT NULL,
        occurred_at timestamptz NOT NULL,
        entry json NOT NULL
      );
      CREATE INDEX IF NOT EXISTS audit_log_view_by_workspace ON audit_log_view (workspace_id, position DESC);
    `,
  },
];
