import type { Migration } from '@eh/platform';

/**
 * People signed in to the console: sessions and password hashes are operational data,
 * in PostgreSQL so every gateway replica sees a sign-out at once; neither is an event (a session
 * is not a change of anything, and a password hash must not live on in an immutable log).
 * `principal_kind` is `expert` now, `member` (workspace people) later, on the same tables.
 */
export const identityMigrations: Migration[] = [
  {
    id: 'identity-001-sessions-passwords',
    sql: `
      CREATE TABLE IF NOT EXISTS console_sessions (
        token_sha256 text PRIMARY KEY,
        principal_kind text NOT NULL,
        principal_id text NOT NULL,
        csrf_token text NOT NULL,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        idle_expires_at timestamptz NOT NULL,
        absolute_expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS console_sessions_by_principal ON console_sessions (principal_kind, principal_id);
      CREATE TABLE IF NOT EXISTS principal_passwords (
        password_id text PRIMARY KEY,
        principal_kind text NOT NULL,
        principal_id text NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS principal_passwords_by_principal ON principal_passwords (principal_kind, principal_id);
    `,
  },
];
