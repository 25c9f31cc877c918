import type { Migration } from '@eh/platform';

/**
 * The events table (DESIGN.md "Events and state"). `transaction_id` is what makes the global
 * order safe to tail: readAll returns only rows whose transaction is older than every one still
 * running, ordered by (transaction_id, global_position), so a row committed late is never
 * passed over. The index serves exactly that scan.
 */
export const eventStoreMigrations: readonly Migration[] = [
  {
    id: 'event-store/001-events',
    sql: `
      CREATE TABLE events (
        global_position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id text NOT NULL UNIQUE,
        stream_name text NOT NULL,
        stream_revision bigint NOT NULL,
        event_type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream_name, stream_revision)
      );
      CREATE INDEX events_transaction_order ON events (transaction_id, global_position);
    `,
  },
];
