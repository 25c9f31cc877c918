import type { Pool } from 'pg';
import { decodeCheckpoint } from '../postgres/postgres-checkpoint';

export interface RelayLag {
  /** Events stored past the relay's checkpoint (counted up to 100,000). */
  events: number;
  /** Age of the oldest of them, in seconds; 0 when none waits. */
  seconds: number;
}

/**
 * How far the relay is behind the event store (`eh_relay_lag_*`), from its saved
 * checkpoint, so every replica (leader or standby) reports the same figure. Bounded: the scan
 * stops after 100,000 rows on the primary key.
 */
export async function relayLag(pool: Pick<Pool, 'query'>, relayName = 'events'): Promise<RelayLag> {
  const saved = await pool.query<{ checkpoint: string }>('SELECT checkpoint FROM relay_checkpoints WHERE name = $1', [relayName]);
  const position = decodeCheckpoint(saved.rows[0]?.checkpoint ?? null).globalPosition;
  const { rows } = await pool.query<{ events: number; seconds: number | null }>(
    `SELECT count(*)::int AS events, extract(epoch FROM now() - min(recorded_at))::float8 AS seconds
       FROM (SELECT recorded_at FROM events WHERE global_position > $1::bigint ORDER BY global_position LIMIT 100000) waiting`,
    [position],
  );
  return { events: rows[0]?.events ?? 0, seconds: Math.max(0, rows[0]?.seconds ?? 0) };
}
