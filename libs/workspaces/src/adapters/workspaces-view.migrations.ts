import { CHANGE_MARKS_TABLE } from '@eh/platform';

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
  {
    // Keys have names (the dashboard's); when each was last used is operational data
    // kept apart, so rebuilding the view from the events never loses it.
    id: 'workspaces-view-002-key-names-usage',
    sql: `
      ALTER TABLE api_keys_view ADD COLUMN IF NOT EXISTS name text NOT NULL DEFAULT 'Default';
      CREATE INDEX IF NOT EXISTS api_keys_view_by_workspace ON api_keys_view (workspace_id, mode, issued_at DESC);
      CREATE TABLE IF NOT EXISTS api_key_usage (
        key_id text PRIMARY KEY,
        last_used_at timestamptz NOT NULL
      );
    `,
  },
  {
    // Operations find an account by part of its workspace's name: a trigram index serves ILIKE
    // '%…%' at any number of workspaces. pg_trgm is a "trusted" extension: the service's role may create it.
    id: 'workspaces-view-003-name-search',
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS workspaces_view_name_search ON workspaces_view USING gin (name gin_trgm_ops);
    `,
  },
  {
    // A revocation moves the `api_keys` mark: gateways keep keys they looked up until it moves.
    id: 'workspaces-view-004-change-marks',
    sql: CHANGE_MARKS_TABLE,
  },
];
