import { connectNats } from '@eh/platform';
import { waitUntil } from '@eh/platform/testing';
import type { RecordedEvent } from '../event-store.port';
import { newEvents } from '../testing/contract-fixtures';
import { freshJetStreamEnvPerTest, type JetStreamTestEnv } from '../testing/jetstream-test-env';
import { EventRelay } from './event-relay';
import { DURABLE, appendAndRelay, consumerFor, waitAllAcked, countBy } from './jetstream-event-consumer.fixtures';

describe('JetStreamEventConsumer', () => {
  let env: JetStreamTestEnv;
  freshJetStreamEnvPerTest((fresh) => (env = fresh));

  /**
   * Replica A handles events until `victim`, then its process "dies" before that ack goes out;
   * replica B gets the victim again once its ack wait (1 s) runs out, and the rest. Both note
   * each event they handle in `handled`.
   */
  async function failOverAfter(victim: string | undefined, handled: string[], options: { rerunnable?: boolean } = {}): Promise<void> {
    const ncA = await connectNats({ name: 'replica-a' });
    const subscription = { durableName: DURABLE, filterSubject: `${env.subjectPrefix}.>`, ...options };
    await consumerFor(env, { js: ncA.jetstream(), maxMessages: 1 }).start({
      ...subscription,
      handler: async (event) => {
        handled.push(event.id);
        if (event.id === victim) await ncA.close();
      },
    });
    await waitUntil(() => ncA.isClosed(), { description: 'replica A to die' });
    await consumerFor(env).start({ ...subscription, handler: async (event) => void handled.push(event.id) });
  }

  it('hands each event of its subject to the handler once, in order, and acks it', async () => {
    const events = await appendAndRelay(env, 12);
    await env.store.append('deployment-dep_other', newEvents(2), 'no_stream');
    const handled: string[] = [];
    await consumerFor(env).start({
      durableName: DURABLE,
      filterSubject: `${env.subjectPrefix}.order.>`,
      handler: async (event) => {
        handled.push(event.id);
      },
    });
    await waitAllAcked(env, 12);
    expect(handled).toEqual(events.map((e) => e.id));
    const { rows } = await env.db.pool.query('SELECT event_id FROM processed_events WHERE consumer = $1', [DURABLE]);
    expect(rows).toHaveLength(12);
  });

  it('a durable on `<category>.*` is not sent the events of qualified streams; one whose subject narrowed keeps its place', async () => {
    const qualifiers = [{ category: 'order', qualify: (first: RecordedEvent) => ((first.data as { n: number }).n === 7 ? 'test' : undefined) }];
    const append = async (stream: string, n: number) => env.store.append(stream, [{ ...newEvents(1, 'order.placed')[0]!, data: { n } }], 'no_stream');
    await append('order-o_live1', 1);
    await append('order-o_test1', 7);
    const relay = new EventRelay({ store: env.store, pool: env.db.pool, js: env.js, subjectPrefix: env.subjectPrefix, qualifiers });
    env.onCleanup(() => relay.stop());
    relay.start();
    await waitUntil(async () => (await env.jsm.streams.info(env.streamName)).state.messages === 2, { description: 'two published' });

    // Made with the wide subject, as before the narrowing; it handles the first two.
    const handled: string[] = [];
    const handler = async (event: RecordedEvent) => {
      handled.push(event.streamName);
    };
    const wide = consumerFor(env);
    await wide.start({ durableName: DURABLE, filterSubject: `${env.subjectPrefix}.order.>`, handler });
    await waitAllAcked(env, 2);
    await wide.stop();

    await append('order-o_test2', 7);
    await append('order-o_live2', 2);
    await consumerFor(env).start({ durableName: DURABLE, filterSubject: `${env.subjectPrefix}.order.*`, handler });
    await waitUntil(async () => handled.includes('order-o_live2'), { description: 'the live one after the narrowing' });
    await waitAllAcked(env, 3);
    expect(handled).toEqual(['order-o_live1', 'order-o_test1', 'order-o_live2']);
    expect((await env.jsm.consumers.info(env.streamName, DURABLE)).config.filter_subject).toBe(`${env.subjectPrefix}.order.*`);
  });

  it('created from the next event, it is not sent what the stream held; existing, it keeps its place', async () => {
    const before = await appendAndRelay(env, 3);
    await waitUntil(async () => (await env.jsm.streams.info(env.streamName)).state.messages === 3, { description: 'three published' });
    const handled: string[] = [];
    const handler = async (event: RecordedEvent) => void handled.push(event.id);
    const successor = consumerFor(env);
    await successor.start({ durableName: DURABLE, filterSubject: `${env.subjectPrefix}.order.>`, handler, fromNextEvent: true });
    await env.store.append('order-o_after', newEvents(2), 'no_stream');
    await waitAllAcked(env, 2);
    await successor.stop();
    const after = (await env.store.read('order-o_after')).map((event) => event.id);
    expect(handled).toEqual(after);
    expect(handled).not.toContain(before[0]!.id);

    // Started again with the flag, an existing durable is not moved.
    await env.store.append('order-o_later', newEvents(1), 'no_stream');
    await consumerFor(env).start({ durableName: DURABLE, filterSubject: `${env.subjectPrefix}.order.>`, handler, fromNextEvent: true });
    await waitAllAcked(env, 3);
    expect(handled).toEqual([...after, ...(await env.store.read('order-o_later')).map((event) => event.id)]);
  });

  it('naks a failed event with a delay; it is redelivered and succeeds once', async () => {
    const events = await appendAndRelay(env, 6);
    const flaky = events[2]?.id;
    const attempts: string[] = [];
    const successes: string[] = [];
    const firstDeliveries: string[] = [];
    await consumerFor(env).start({
      durableName: DURABLE,
      filterSubject: `${env.subjectPrefix}.>`,
      handler: async (event, delivery) => {
        attempts.push(event.id);
        firstDeliveries.push(`${event.id} ${String(delivery?.firstDelivery)}`);
        if (event.id === flaky && attempts.filter((id) => id === flaky).length === 1) throw new Error('transient');
        successes.push(event.id);
      },
    });
    await waitAllAcked(env, 6);
    expect(countBy(attempts).get(flaky ?? '')).toBe(2);
    // The handler is told which is the redelivery (the fan-out posts before recording only on a first one).
    expect(firstDeliveries.filter((line) => line.startsWith(`${flaky} `))).toEqual([`${flaky} true`, `${flaky} false`]);
    expect(firstDeliveries.filter((line) => line.endsWith(' false'))).toHaveLength(1);
    expect([...countBy(successes).values()].every((n) => n === 1)).toBe(true);
    expect(new Set(successes)).toEqual(new Set(events.map((e) => e.id)));
  });

  it('skips an event already processed when its message is redelivered', async () => {
    const events = await appendAndRelay(env, 8);
    const victim = events[1]?.id;
    const successes: string[] = [];
    await failOverAfter(victim, successes);
    await waitAllAcked(env, 8);
    // Delivery sequence counts redeliveries too: more deliveries than messages.
    const info = await env.jsm.consumers.info(env.streamName, DURABLE);
    expect(info.delivered.consumer_seq).toBeGreaterThan(info.delivered.stream_seq);
    expect(successes).toHaveLength(8);
    expect(new Set(successes)).toEqual(new Set(events.map((e) => e.id)));
  });

  it('a rerunnable reactor writes no processed_events row and handles a redelivered event again', async () => {
    const events = await appendAndRelay(env, 4);
    const victim = events[1]?.id;
    const handled: string[] = [];
    await failOverAfter(victim, handled, { rerunnable: true });
    await waitAllAcked(env, 4);
    expect(countBy(handled).get(victim ?? '')).toBe(2);
    expect(new Set(handled)).toEqual(new Set(events.map((e) => e.id)));
    const { rows } = await env.db.pool.query('SELECT event_id FROM processed_events WHERE consumer = $1', [DURABLE]);
    expect(rows).toEqual([]);
  });

  it('replicas sharing one durable handle every event exactly once between them', async () => {
    const events = await appendAndRelay(env, 30);
    const handledBy = new Map<string, string[]>();
    const handler = (replica: string) => async (event: RecordedEvent) => {
      handledBy.set(event.id, [...(handledBy.get(event.id) ?? []), replica]);
    };
    const subject = `${env.subjectPrefix}.>`;
    await consumerFor(env, { maxMessages: 1 }).start({ durableName: DURABLE, filterSubject: subject, handler: handler('a') });
    await consumerFor(env, { maxMessages: 1 }).start({ durableName: DURABLE, filterSubject: subject, handler: handler('b') });
    await waitAllAcked(env, 30);
    expect(handledBy.size).toBe(30);
    expect([...handledBy.values()].every((replicas) => replicas.length === 1)).toBe(true);
    expect([...handledBy.keys()].sort()).toEqual(events.map((e) => e.id).sort());
  });
});
