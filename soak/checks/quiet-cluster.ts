import { deliveryRecordQualifier } from '@eh/contracts';
import type { JetStreamManager } from 'nats';
import type { Pool } from 'pg';
import { keptInStoreOnly } from './relay-publication.check';

export interface Quietness {
  /** Events in PostgreSQL not yet on the stream, but for those the relay keeps in the store only. */
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
  const stored = await count('SELECT count(*) AS n FROM events');
  // Counted as unpublished, the delivery records the relay never publishes kept every drain waiting out its whole deadline.
  const deliveryEvents = await pool.query<{ stream_name: string; event_type: string; data: Record<string, unknown> }>(
    'SELECT stream_name, event_type, data FROM events WHERE stream_name LIKE $1',
    [`${deliveryRecordQualifier.category}-%`],
  );
  const storeOnly = deliveryEvents.rows.filter((row) => keptInStoreOnly({ streamName: row.stream_name, type: row.event_type, data: row.data })).length;
  const info = await jsm.streams.info(stream);
  let unconsumed = 0;
  for await (const consumer of jsm.consumers.list(stream)) {
    if (consumer.config.durable_name?.startsWith('soak-check-')) continue;
    unconsumed += consumer.num_pending + consumer.num_ack_pending;
  }
  const overdueDeliveries = await count("SELECT count(*) AS n FROM deliveries_view WHERE status IN ('scheduled', 'retrying') AND next_attempt_at < now() - make_interval(secs => $1)", [slackSeconds]);
  const overdueTimers = await count(
    `SELECT count(*) AS n FROM deployments_view
      WHERE (status = 'pending' AND (resource->>'sla_deadline')::timestamptz < now() - make_interval(secs => $1))
         OR (status = 'needs_input' AND (resource->'question'->>'reply_deadline')::timestamptz < now() - make_interval(secs => $1))`,
    [slackSeconds],
  );
  const pendingDeliveries = await count("SELECT count(*) AS n FROM deliveries_view WHERE status IN ('scheduled', 'retrying')");
  const waitingDeployments = await count("SELECT count(*) AS n FROM deployments_view WHERE status IN ('pending', 'needs_input')");
  return { unpublished: stored - storeOnly - info.state.messages, unconsumed, overdueDeliveries, overdueTimers, pendingDeliveries, waitingDeployments };
}
