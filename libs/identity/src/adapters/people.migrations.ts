import type { Migration } from '@eh/platform';

/**
 * The console's people besides experts, folded from `members-<ws_id>` and
 * `operator-<op_id>` (rebuildable): who signs in with which email and password row, whom an
 * invitation link is for. Shared by every service that appends their events (gateway, ops CLI).
 */
export const peopleMigrations: readonly Migration[] = [
  {
    id: 'identity-002-people-views',
    sql: `
      CREATE TABLE IF NOT EXISTS members_view (
        member_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        email text NOT NULL,
        name text NOT NULL,
        role text NOT NULL,
        password_id text NOT NULL,
        joined_at timestamptz NOT NULL,
        removed_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS members_view_by_workspace ON members_view (workspace_id, joined_at) WHERE removed_at IS NULL;
      CREATE INDEX IF NOT EXISTS members_view_by_email ON members_view (email) WHERE removed_at IS NULL;
      CREATE TABLE IF NOT EXISTS member_invitations_view (
        invitation_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        email text NOT NULL,
        role text NOT NULL,
        token_sha256 text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        status text NOT NULL,
        invited_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS member_invitations_view_by_workspace ON member_invitations_view (workspace_id, invited_at) WHERE status = 'open';
      CREATE TABLE IF NOT EXISTS operators_view (
        operator_id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        name text NOT NULL,
        password_id text,
        joined_at timestamptz
      );
      CREATE TABLE IF NOT EXISTS operator_invitations_view (
        invitation_id text PRIMARY KEY,
        operator_id text NOT NULL,
        token_sha256 text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        status text NOT NULL
      );
    `,
  },
  {
    // Operators can be offboarded: removed ones keep their row (the list shows them) but sign in no more.
    id: 'identity-003-operator-removal',
    sql: `ALTER TABLE operators_view ADD COLUMN IF NOT EXISTS removed_at timestamptz;`,
  },
];
