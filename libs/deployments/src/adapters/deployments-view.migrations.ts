/** The deployment read model: the public object as of the stream's last event (rebuildable). */
export const deploymentsViewMigrations = [
  {
    id: 'deployments-view-001',
    sql: `
      CREATE TABLE IF NOT EXISTS deployments_view (
        id text PRIMARY KEY,
        workspace_id text NOT NULL,
        mode text NOT NULL,
        status text NOT NULL,
        skills text[] NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        revision bigint NOT NULL,
        resource json NOT NULL -- json, not jsonb: keeps the resource's field order for responses
      );
      CREATE INDEX IF NOT EXISTS deployments_view_by_workspace
        ON deployments_view (workspace_id, mode, created_at DESC, id DESC);
    `,
  },
  {
    // GET /v1/deployments?status=…: a rare status (needs_input) would otherwise scan every row of
    // the workspace; with this index it reads only matching rows (docs/decisions.md).
    id: 'deployments-view-002',
    sql: `
      CREATE INDEX IF NOT EXISTS deployments_view_by_workspace_status
        ON deployments_view (workspace_id, mode, status, created_at DESC, id DESC);
    `,
  },
  {
    // Follow-ups: the deployment a new one continues, so the earlier one lists its follow-ups by index.
    id: 'deployments-view-003',
    sql: `
      ALTER TABLE deployments_view ADD COLUMN IF NOT EXISTS follow_up_to text;
      CREATE INDEX IF NOT EXISTS deployments_view_follow_ups ON deployments_view (follow_up_to, created_at, id) WHERE follow_up_to IS NOT NULL;
    `,
  },
  {
    // GET /v1/deployments?q=: text search of the brief. The brief is copied out of the resource into
    // its own column (kept by the projection) so a trigram index can cover it; btree_gin lets the same
    // GIN index lead with workspace and mode, so a word common in another tenant's briefs costs this
    // one nothing. Both extensions are "trusted": the service's own role may create them.
    id: 'deployments-view-004',
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE EXTENSION IF NOT EXISTS btree_gin;
      ALTER TABLE deployments_view ADD COLUMN IF NOT EXISTS brief text;
      UPDATE deployments_view SET brief = resource->>'brief' WHERE brief IS NULL;
      CREATE INDEX IF NOT EXISTS deployments_view_brief_search
        ON deployments_view USING gin (workspace_id, mode, brief gin_trgm_ops);
    `,
  },
];
