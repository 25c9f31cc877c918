import { gaugePerRow, sharedReading, type SignalGauge } from '@eh/platform';
import type { JetStreamManager } from 'nats';

/**
 * `eh_consumer_lag_messages{durable}` (events on the stream the durable has not yet been given)
 * and `eh_consumer_ack_pending_messages{durable}` (given, not yet acknowledged), read from
 * JetStream at each scrape, for the durables this process consumes.
 */
export function consumerLagGauges(jsm: Pick<JetStreamManager, 'consumers'>, stream: string, durables: readonly string[]): SignalGauge[] {
  const unique = [...new Set(durables)];
  if (unique.length === 0) return [];
  const read = sharedReading(() =>
    Promise.all(
      unique.map(async (durable) => {
        const info = await jsm.consumers.info(stream, durable);
        return { durable, pending: info.num_pending, ackPending: info.num_ack_pending };
      }),
    ),
  );
  return [
    gaugePerRow(read, 'durable', {
      name: 'eh_consumer_lag_messages',
      help: 'Events on the stream not yet delivered to the durable consumer.',
      value: (row) => row.pending,
    }),
    gaugePerRow(read, 'durable', {
      name: 'eh_consumer_ack_pending_messages',
      help: 'Events delivered to the durable consumer and not yet acknowledged.',
      value: (row) => row.ackPending,
    }),
  ];
}
