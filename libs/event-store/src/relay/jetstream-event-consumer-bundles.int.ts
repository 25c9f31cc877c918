import { waitUntil } from '@eh/platform/testing';
import { newEvents } from '../testing/contract-fixtures';
import { freshJetStreamEnvPerTest, type JetStreamTestEnv } from '../testing/jetstream-test-env';
import { DURABLE, appendAndRelay, consumerFor, waitAllAcked } from './jetstream-event-consumer.fixtures';

describe('JetStreamEventConsumer: bundles', () => {
  let env: JetStreamTestEnv;
  freshJetStreamEnvPerTest((fresh) => (env = fresh));

  it('hands the events of a bundle to the handler in order, the ones it accepts, and acks the message once all are marked', async () => {
    const events = await appendAndRelay(env, 5, 'order', true);
    await waitUntil(async () => (await env.jsm.streams.info(env.streamName)).state.messages === 1, { description: 'one message for the append' });
    const skipped = events[3]!.id;
    const handled: string[] = [];
    await consumerFor(env).start({
      durableName: DURABLE,
      filterSubject: `${env.subjectPrefix}.order.>`,
      accepts: (event) => event.id !== skipped,
      handler: async (event) => void handled.push(event.id),
    });
    await waitAllAcked(env, 1);
    const accepted = events.map((e) => e.id).filter((id) => id !== skipped);
    expect(handled).toEqual(accepted);
    const { rows } = await env.db.pool.query<{ event_id: string }>('SELECT event_id FROM processed_events WHERE consumer = $1', [DURABLE]);
    expect(rows.map((row) => row.event_id).sort()).toEqual([...accepted].sort());
  });

  it('with concurrency, the last event of a message may release its stream: the next message starts while it is still handled', async () => {
    // One stream, one event per message: each waits for the one before unless it is released.
    await env.store.append('order-o_1', newEvents(3), 'no_stream');
    await appendAndRelay(env, 0);
    // Appended before the relay started: wait until all three read back, however loaded the host.
    const events = await waitUntil(async () => {
      const page = await env.store.readAll(null, 10);
      return page.events.length >= 3 ? page.events : undefined;
    });
    expect(events).toHaveLength(3);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    await consumerFor(env).start({
      durableName: DURABLE,
      filterSubject: `${env.subjectPrefix}.order.>`,
      concurrency: 4,
      handler: async (event, delivery) => {
        started.push(event.id);
        delivery?.release?.();
        await new Promise<void>((resolve) => finish.set(event.id, resolve));
      },
    });
    await waitUntil(() => started.length === 3, { description: 'all three started before any ended' });
    expect(started).toEqual(events.map((e) => e.id));
    for (const resolve of finish.values()) resolve();
    await waitAllAcked(env, 3);
  });

  it('in a bundle, only the last accepted event carries `release` (the others come before it)', async () => {
    const events = await appendAndRelay(env, 5, 'order', true);
    const skipped = events[4]!.id;
    const released: string[] = [];
    await consumerFor(env).start({
      durableName: DURABLE,
      filterSubject: `${env.subjectPrefix}.order.>`,
      concurrency: 4,
      accepts: (event) => event.id !== skipped,
      handler: async (event, delivery) => {
        if (delivery?.release) released.push(event.id);
      },
    });
    await waitAllAcked(env, 1);
    expect(released).toEqual([events[3]!.id]);
  });

  it('a failure inside a bundle naks it; the redelivery passes over the events handled before and handles the rest once', async () => {
    const events = await appendAndRelay(env, 4, 'order', true);
    const flaky = events[2]!.id;
    const deliveries: string[] = [];
    let failed = false;
    await consumerFor(env).start({
      durableName: DURABLE,
      filterSubject: `${env.subjectPrefix}.order.>`,
      handler: async (event, delivery) => {
        deliveries.push(`${event.streamRevision} ${String(delivery?.firstDelivery)}`);
        if (event.id === flaky && !failed) {
          failed = true;
          throw new Error('transient');
        }
      },
    });
    await waitUntil(() => deliveries.length === 5, { description: 'the redelivery handled' });
    await waitAllAcked(env, 1);
    // The first two are handled once; the third fails and is redelivered with the fourth, which
    // cannot know whether an earlier delivery reached it (firstDelivery false).
    expect(deliveries).toEqual(['0 true', '1 true', '2 true', '2 false', '3 false']);
    const { rows } = await env.db.pool.query('SELECT event_id FROM processed_events WHERE consumer = $1', [DURABLE]);
    expect(rows).toHaveLength(4);
  });
});
