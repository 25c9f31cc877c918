import type { SqlClient } from '@eh/platform';

/** Whether `consumer` has already handled `eventId` (delivery is at least once). */
export async function isProcessed(db: SqlClient, consumer: string, eventId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2', [consumer, eventId]);
  return rows.length > 0;
}

/**
 * Records that `consumer` handled `eventId`. A handler that writes to PostgreSQL may call
 * this with its own transaction, making "handled" and its effects one commit; the consumer's
 * own later insert then does nothing.
 */
export async function markProcessed(db: SqlClient, consumer: string, eventId: string): Promise<void> {
  await db.query('INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [consumer, eventId]);
}
