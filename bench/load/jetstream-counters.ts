import { connect } from 'nats';

/** Messages the stack's stream has taken so far, and deliveries (first ones and redeliveries) per durable. */
export interface JetStreamCounters {
  published: number;
  deliveredByDurable: Record<string, number>;
}

/**
 * Read from the stream and consumer info of the stack's own stream. Every delivery is a message
 * the server sends, a handler run and an ack back, so deliveries per deployment say where NATS's
 * CPU, and each consumer's, comes from; a delivery whose event the consumer has no use for shows here too.
 */
export async function readJetStreamCounters(natsUrl: string, stream: string): Promise<JetStreamCounters> {
  const nats = await connect({ servers: natsUrl });
  try {
    const manager = await nats.jetstreamManager();
    const info = await manager.streams.info(stream);
    const deliveredByDurable: Record<string, number> = {};
    for (const consumer of await manager.consumers.list(stream).next()) deliveredByDurable[consumer.name] = consumer.delivered.consumer_seq;
    return { published: info.state.last_seq, deliveredByDurable };
  } finally {
    await nats.close();
  }
}

/** Per-deployment differences: messages published, deliveries in all and by durable (largest first, zeros left out). */
export function jetStreamPerDeployment(before: JetStreamCounters, after: JetStreamCounters, deployments: number) {
  const per = (value: number): number => Math.round((value / Math.max(1, deployments)) * 10) / 10;
  const byDurable = Object.entries(after.deliveredByDurable)
    .map(([name, delivered]) => [name, per(delivered - (before.deliveredByDurable[name] ?? 0))] as const)
    .filter(([, value]) => value > 0)
    .sort((x, y) => y[1] - x[1]);
  return {
    nats_messages_published: per(after.published - before.published),
    nats_deliveries: Math.round(byDurable.reduce((sum, [, value]) => sum + value, 0) * 10) / 10,
    nats_deliveries_by_durable: Object.fromEntries(byDurable),
  };
}
