/** The handoff read model: the public object as of the stream's last event (rebuildable). */
export const handoffsViewMigrations = [
  {
    id: 'handoffs-view-001',
    sql: `
      CREATE TABLE IF NOT EXISTS handoffs_view (
        id text PRIMARY KEY,
        workspace_id text NOT NULL,
        mode text NOT NULL,
        deployment_id text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        revision bigint NOT NULL,
        resource json NOT NULL -- json, not jsonb: keeps the resource's field order for responses
      );
      CREATE INDEX IF NOT EXISTS handoffs_view_by_workspace ON handoffs_view (workspace_id, mode, created_at DESC, id DESC);
    `,
  },
];
