/** Workspaces and the hashes of their keys, for authentication (rebuildable from workspace streams). */
export const workspacesViewMigrations = [
  {
    id: 'workspaces-view-001',
    sql: `
      CREATE TABLE IF NOT EXISTS workspaces_view (
        id text PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE IF NOT EXISTS api_keys_view (
        key_hash text PRIMARY KEY,
        key_id text NOT NULL UNIQUE,
        workspace_id text NOT NULL,
        mode text NOT NULL,
        last4 text NOT NULL,
        issued_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
    `,
  },
];
