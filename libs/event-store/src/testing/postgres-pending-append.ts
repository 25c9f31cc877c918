import { Client } from 'pg';
import type { NewEvent } from '../event-store.port';
import type { PendingAppend } from './event-store.contract';

/**
 * For the late-commit contract test: a raw client inserts straight into `events` inside an
 * explicit transaction and keeps it open, bypassing the adapter on purpose so the test
 * controls when each transaction commits.
 */
export async function beginPostgresPendingAppend(databaseUrl: string, streamName: string, event: NewEvent): Promise<PendingAppend> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  let open = true;
  const finish = async (command: 'COMMIT' | 'ROLLBACK'): Promise<void> => {
    if (!open) return;
    open = false;
    try {
      await client.query(command);
    } finally {
      await client.end();
    }
  };
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ global_position: string }>(
      `INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata)
       VALUES ($1, $2, 0, $3, $4, $5) RETURNING global_position::text AS global_position`,
      [event.id, streamName, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)],
    );
    return {
      position: BigInt(rows[0]?.global_position ?? '-1'),
      commit: () => finish('COMMIT'),
      rollback: () => finish('ROLLBACK'),
    };
  } catch (err) {
    await finish('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
