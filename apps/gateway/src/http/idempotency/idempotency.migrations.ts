import type { Migration } from '@eh/platform';

/**
 * Idempotency-Key slots, keyed on workspace, route and key, kept 24 h.
 * In PostgreSQL, not Redis: a replayed answer must survive a Redis flush, and Redis holds only
 * what can be rebuilt.
 */
export const idempotencyMigrations: Migration[] = [
  {
    id: 'gateway-idempotency-001',
    sql: `
      CREATE TABLE IF NOT EXISTS idempotency_keys (
        workspace_id text NOT NULL,
        route text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('running', 'done')),
        response_status integer,
        response_headers json, -- json, not jsonb: a replay sends the headers in their first order
        response_body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz NOT NULL,
        PRIMARY KEY (workspace_id, route, key)
      );
      CREATE INDEX IF NOT EXISTS idempotency_keys_by_created_at ON idempotency_keys (created_at);
    `,
  },
];
