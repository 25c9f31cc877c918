import { eventsOfBusMessage } from '@eh/event-store';
import { AckPolicy, DeliverPolicy, type JetStreamClient, type JetStreamManager } from 'nats';
import type { Pool, PoolClient } from 'pg';

type Queryable = Pool | PoolClient;

/** One row of the events table, as the checks read it (straight from PostgreSQL). */
export interface StoredEvent {
  eventId: string;
  streamName: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  /** Commit order: (transaction id, global position), compared as numbers. */
  transactionId: bigint;
  position: bigint;
}

/** One event on the JetStream events stream, with the message that carries it (alone, or in a bundle: bus-bundles.ts). */
export interface StreamMessage {
  seq: number;
  msgId: string;
  subject: string;
  eventId: string;
  streamName: string;
  revision: number;
  /** Its place in its message, and how many events the message carries (1: it goes alone). */
  indexInMessage: number;
  eventsInMessage: number;
}

export interface DeliveryRow {
  deliveryId: string;
  workspaceId: string;
  eventId: string;
  eventType: string;
  status: string;
  nextAttemptAt: Date | null;
  url: string;
  resource: unknown;
}

/**
 * The events and the read models as of one instant (one REPEATABLE READ transaction): inline
 * projections commit with their events, so the two can be compared while the cluster still
 * works (a delivery retrying on schedule appends during the checks).
 */
export async function loadSnapshot(pool: Pool): Promise<{ events: StoredEvent[]; deployments: Map<string, ViewRow>; deliveries: DeliveryRow[] }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const events = await loadEvents(client);
    const deployments = await loadDeploymentViews(client);
    const deliveries = await loadDeliveries(client);
    await client.query('COMMIT');
    return { events, deployments, deliveries };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function loadEvents(pool: Queryable): Promise<StoredEvent[]> {
  const { rows } = await pool.query<{
    event_id: string;
    stream_name: string;
    stream_revision: string;
    event_type: string;
    data: Record<string, unknown>;
    metadata: Record<string, unknown>;
    transaction_id: string;
    global_position: string;
  }>(
    'SELECT event_id, stream_name, stream_revision, event_type, data, metadata, transaction_id::text, global_position FROM events ORDER BY transaction_id, global_position',
  );
  return rows.map((row) => ({
    eventId: row.event_id,
    streamName: row.stream_name,
    revision: Number(row.stream_revision),
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    transactionId: BigInt(row.transaction_id),
    position: BigInt(row.global_position),
  }));
}

/** A read model's row: its status column and the resource it serves. */
export interface ViewRow {
  status: string;
  resource: unknown;
}

export async function loadDeploymentViews(pool: Queryable): Promise<Map<string, ViewRow>> {
  const { rows } = await pool.query<{ id: string; status: string; resource: unknown }>('SELECT id, status, resource FROM deployments_view');
  return new Map(rows.map((row) => [row.id, { status: row.status, resource: row.resource }]));
}

export async function loadDeliveries(pool: Queryable): Promise<DeliveryRow[]> {
  const { rows } = await pool.query<{
    delivery_id: string;
    workspace_id: string;
    event_id: string;
    event_type: string;
    status: string;
    next_attempt_at: Date | null;
    resource: { url: string };
  }>('SELECT delivery_id, workspace_id, event_id, event_type, status, next_attempt_at, resource FROM deliveries_view');
  return rows.map((row) => ({
    deliveryId: row.delivery_id,
    workspaceId: row.workspace_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    nextAttemptAt: row.next_attempt_at,
    url: row.resource.url,
    resource: row.resource,
  }));
}

/**
 * Every event the events stream holds, message by message in stream order, through a consumer
 * of our own that acks nothing and is deleted afterwards.
 */
export async function readStream(js: JetStreamClient, jsm: JetStreamManager, stream: string): Promise<StreamMessage[]> {
  const info = await jsm.streams.info(stream);
  const last = info.state.last_seq;
  const messages: StreamMessage[] = [];
  if (info.state.messages === 0) return messages;
  const name = `soak-check-${Date.now().toString(36)}`;
  await jsm.consumers.add(stream, { durable_name: name, ack_policy: AckPolicy.None, deliver_policy: DeliverPolicy.All, inactive_threshold: 60_000_000_000 });
  try {
    const consumer = await js.consumers.get(stream, name);
    let seen = 0;
    while (seen < last) {
      const batch = await consumer.fetch({ max_messages: 500, expires: 5_000 });
      let got = 0;
      for await (const msg of batch) {
        got += 1;
        seen = msg.seq;
        const events = eventsOfBusMessage(msg.string());
        const msgId = msg.headers?.get('Nats-Msg-Id') ?? '';
        events.forEach((event, indexInMessage) =>
          messages.push({
            seq: msg.seq,
            msgId,
            subject: msg.subject,
            eventId: event.id,
            streamName: event.streamName,
            revision: event.streamRevision,
            indexInMessage,
            eventsInMessage: events.length,
          }),
        );
      }
      if (got === 0) break;
    }
  } finally {
    await jsm.consumers.delete(stream, name).catch(() => undefined);
  }
  return messages;
}
