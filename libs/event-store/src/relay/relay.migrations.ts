import type { Migration } from '@eh/platform';

/**
 * Bookkeeping of the relay (where it has published up to) and of JetStream consumers (which
 * events each one has handled: delivery is at least once, handlers must act once).
 */
export const relayMigrations: readonly Migration[] = [
  {
    id: 'event-store/002-relay-checkpoints',
    sql: `CREATE TABLE relay_checkpoints (
      name text PRIMARY KEY,
      checkpoint text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  },
  {
    id: 'event-store/003-processed-events',
    sql: `CREATE TABLE processed_events (
      consumer text NOT NULL,
      event_id text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`,
  },
];
