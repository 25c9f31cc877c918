import { CHANGE_MARKS_TABLE } from '@eh/platform';

/** The active roster, as the router matches against it (filled from `expert-<spec_id>` streams). */
export const rosterViewMigrations = [
  {
    id: 'roster-view-001',
    sql: `
      CREATE TABLE IF NOT EXISTS experts_view (
        id text PRIMARY KEY,
        name text NOT NULL,
        role text NOT NULL,
        skills text[] NOT NULL,
        tenure_years integer NOT NULL,
        median_turnaround_minutes integer NOT NULL,
        availability text NOT NULL,
        rate_credits_per_hour integer NOT NULL,
        retired boolean NOT NULL DEFAULT false
      );
      CREATE INDEX IF NOT EXISTS experts_view_skills ON experts_view USING gin (skills);
    `,
  },
  {
    // The roster is filled from `expert-<spec_id>` streams; experts authenticate with a
    // hashed credential; completed live work is kept per workspace for brief-fit.
    id: 'roster-view-002',
    sql: `
      ALTER TABLE experts_view ADD COLUMN IF NOT EXISTS credential_hash text;
      ALTER TABLE experts_view ADD COLUMN IF NOT EXISTS credential_last4 text;
      ALTER TABLE experts_view ADD COLUMN IF NOT EXISTS registered_at timestamptz;
      ALTER TABLE experts_view ADD COLUMN IF NOT EXISTS updated_at timestamptz;
      CREATE UNIQUE INDEX IF NOT EXISTS experts_view_credential ON experts_view (credential_hash);
      CREATE TABLE IF NOT EXISTS expert_completions_view (
        deployment_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        expert_id text NOT NULL,
        skills text[] NOT NULL,
        completed_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS expert_completions_by_workspace
        ON expert_completions_view (workspace_id, expert_id, completed_at DESC);
    `,
  },
  {
    // Console invitations (by token hash) and each expert's sign-in email and password row.
    id: 'roster-view-003',
    sql: `
      CREATE TABLE IF NOT EXISTS expert_invitations_view (
        invitation_id text PRIMARY KEY,
        expert_id text NOT NULL,
        email text NOT NULL,
        token_sha256 text NOT NULL UNIQUE,
        status text NOT NULL,
        invited_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS expert_invitations_by_expert ON expert_invitations_view (expert_id);
      CREATE INDEX IF NOT EXISTS expert_invitations_by_email ON expert_invitations_view (email) WHERE status = 'open';
      CREATE TABLE IF NOT EXISTS expert_console_accounts_view (
        expert_id text PRIMARY KEY,
        email text NOT NULL,
        password_id text,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS expert_console_accounts_by_email ON expert_console_accounts_view (email);
    `,
  },
  {
    // The agent's rating of each completed deployment: brief-fit weighs the work by it.
    id: 'roster-view-004',
    sql: `
      ALTER TABLE expert_completions_view ADD COLUMN IF NOT EXISTS rating smallint;
      ALTER TABLE expert_completions_view ADD COLUMN IF NOT EXISTS comment text;
      ALTER TABLE expert_completions_view ADD COLUMN IF NOT EXISTS rated_at timestamptz;
      CREATE INDEX IF NOT EXISTS expert_completions_rated ON expert_completions_view (expert_id) WHERE rating IS NOT NULL;
    `,
  },
  {
    // "Online until": routing treats the expert as offline past it; the sweep finds those still online past it.
    id: 'roster-view-005',
    sql: `
      ALTER TABLE experts_view ADD COLUMN IF NOT EXISTS available_until timestamptz;
      CREATE INDEX IF NOT EXISTS experts_view_available_until ON experts_view (available_until) WHERE available_until IS NOT NULL AND availability = 'online';
    `,
  },
  {
    // A retirement, or a new name or role, moves the `expert_credentials` mark: gateways keep
    // the experts they authenticated until it moves.
    id: 'roster-view-006-change-marks',
    sql: CHANGE_MARKS_TABLE,
  },
];
