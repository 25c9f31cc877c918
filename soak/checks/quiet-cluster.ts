import { decodeCheckpoint } from '@eh/event-store';
import type { JetStreamManager } from 'nats';
import type { Pool } from 'pg';
import { keptInStoreOnly } from './relay-publication.check';

export interface Quietness {
  /** Events in PostgreSQL past the relay's saved checkpoint, but for those it keeps in the store only. */
  unpublished: number;
  /** Messages some durable consumer has not yet handled. */
  unconsumed: number;
  /** Deliveries whose next attempt is overdue. */
  overdueDeliveries: number;
  /** Deployments past a deadline their timer should have acted on. */
  overdueTimers: number;
  /** Deliveries still retrying on schedule: a receiver's outage ended, their next attempt is due soon. */
  pendingDeliveries: number;
  /** Deployments whose clocks still run (pending, needs_input): they end by SLA or reply window at the latest. */
  waitingDeployments: number;
}

/** Nothing owed and nothing on a clock: what is found now stays found. */
export const isQuiet = (q: Quietness): boolean =>
  q.unpublished <= 0 && q.unconsumed === 0 && q.overdueDeliveries === 0 && q.overdueTimers === 0 && q.pendingDeliveries === 0 && q.waitingDeployments === 0;

/**
 * How much work the cluster still owes, read from PostgreSQL and JetStream: the soak waits for
 * none before it checks, so what it then finds missing is lost, not late.
 */
export async function measureQuiet(pool: Pool, jsm: JetStreamManager, stream: string, slackSeconds: number): Promise<Quietness> {
  const count = async (sql: string, values: unknown[] = []): Promise<number> => Number((await pool.query<{ n: string }>(sql, values)).rows[0]?.n ?? 0);
  // Past the relay's saved checkpoint, in its order: the stream's message count no longer says how
  // many events it holds (a bundle carries several). Delivery records are never published.
  const saved = await pool.query<{ checkpoint: string }>('SELECT checkpoint FROM relay_checkpoints WHERE name = $1', ['events']);
  const after = decodeCheckpoint(saved.rows[0]?.checkpoint ?? null);
  const waiting = await pool.query<{ stream_name: string; event_type: string; data: Record<string, unknown> }>(
    'SELECT stream_name, event_type, data FROM events WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)',
    [after.transactionId, after.globalPosition],
  );
  const unpublished = waiting.rows.filter((row) => !keptInStoreOnly({ streamName: row.stream_name, type: row.event_type, data: row.data })).length;
  let unconsumed = 0;
  for await (const consumer of jsm.consumers.list(stream)) {
    if (consumer.config.durable_name?.startsWith('soak-check-')) continue;
    unconsumed += consumer.num_pending + consumer.num_ack_pending;
  }
  const overdueDeliveries = await count(
    "SELECT count(*) AS n FROM deliveries_view WHERE status IN ('scheduled', 'retrying') AND next_attempt_at < now() - make_interval(secs => $1)",
    [slackSeconds],
  );
  const overdueTimers = await count(
    `SELECT count(*) AS n FROM deployments_view
      WHERE (status = 'pending' AND (resource->>'sla_deadline')::timestamptz < now() - make_interval(secs => $1))
         OR (status = 'needs_input' AND (resource->'question'->>'reply_deadline')::timestamptz < now() - make_interval(secs => $1))`,
    [slackSeconds],
  );
  const pendingDeliveries = await count("SELECT count(*) AS n FROM deliveries_view WHERE status IN ('scheduled', 'retrying')");
  const waitingDeployments = await count("SELECT count(*) AS n FROM deployments_view WHERE status IN ('pending', 'needs_input')");
  return { unpublished, unconsumed, overdueDeliveries, overdueTimers, pendingDeliveries, waitingDeployments };
}
