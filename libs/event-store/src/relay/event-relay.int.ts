import { waitUntil } from '@eh/platform/testing';
import type { JetStreamClient } from 'nats';
import type { RecordedEvent } from '../event-store.port';
import { newEvents } from '../testing/contract-fixtures';
import { freshJetStreamEnvPerTest, type JetStreamTestEnv } from '../testing/jetstream-test-env';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { relayLag } from './relay-lag.query';
import { storeOnlyAppends } from './stream-qualifiers';
import { eventSubject } from './event-subject';
import { storedMessages, storedEvents, streamCount, storeOrder, relayFor, losingOnePublish, appendAcrossStreams } from './event-relay.fixtures';

describe('EventRelay', () => {
  let env: JetStreamTestEnv;
  freshJetStreamEnvPerTest((fresh) => (env = fresh));

  it('publishes every event in store order, each append as one message with its subject and Nats-Msg-Id, and keeps tailing', async () => {
    await appendAcrossStreams(env, 6, 4);
    const relay = relayFor(env);
    relay.start();
    await waitUntil(async () => (await streamCount(env)) === 24, { description: '24 events' });
    await env.store.append('deployment-dep_live', newEvents(3, 'deployment.changed'), 'no_stream');
    await env.store.append('deployment-dep_live', newEvents(1, 'deployment.changed'), 2);
    await waitUntil(async () => (await streamCount(env)) === 28, { description: 'the live appends' });

    const stored = await storedEvents(env);
    const expected = await storeOrder(env, 28);
    expect(stored.map((m) => m.event.id)).toEqual(expected.map((e) => e.id));
    for (const message of stored) expect(message.subject).toBe(eventSubject(env.subjectPrefix, message.event.streamName));
    // A stream's consecutive events share a message (batches of 10 may cut an append in two).
    const messages = await storedMessages(env);
    for (const { events, msgId } of messages) {
      expect(new Set(events.map((event) => event.streamName)).size).toBe(1);
      expect(msgId).toBe(events.length === 1 ? events[0]?.id : `${events[0]?.id}+${events.length}`);
    }
    expect(messages.length).toBeLessThan(24);
    const live = messages.filter((message) => message.subject === `${env.subjectPrefix}.deployment.dep_live`);
    expect(live.flatMap((message) => message.events.map((event) => event.streamRevision))).toEqual([0, 1, 2, 3]);
    // The second append may share the first one's message, if one read finds both.
    expect(live[0]?.events.length).toBeGreaterThanOrEqual(3);
  });

  it('publishes every event alone when bundles are switched off (maxEvents 1, the shape consumers before bundles read)', async () => {
    await appendAcrossStreams(env, 3, 3);
    relayFor(env, { bundleLimits: { maxEvents: 1, maxBytes: 1 } }).start();
    await waitUntil(async () => (await streamCount(env)) === 9, { description: '9 events' });
    const messages = await storedMessages(env);
    expect(messages).toHaveLength(9);
    for (const { events, msgId } of messages) expect(msgId).toBe(events[0]?.id);
  });

  it('publishes a qualified stream on its qualified subject, the same after a restart that has to read its first event', async () => {
    const qualifiers = [{ category: 'cart', qualify: (first: RecordedEvent) => ((first.data as { n: number }).n === 7 ? 'marked' : undefined) }];
    const marked = [{ ...newEvents(1, 'cart.opened')[0]!, data: { n: 7 } }, ...newEvents(1, 'cart.changed')];
    await env.store.append('cart-c_marked', marked, 'no_stream');
    await env.store.append('cart-c_plain', newEvents(2, 'cart.opened'), 'no_stream');
    const first = relayFor(env, { qualifiers });
    first.start();
    await waitUntil(async () => (await streamCount(env)) === 4, { description: 'the first four' });
    await first.stop();
    // A new relay has never seen these streams' first events: it reads them from the store.
    await env.store.append('cart-c_marked', newEvents(1, 'cart.changed'), 1);
    await env.store.append('cart-c_plain', newEvents(1, 'cart.changed'), 1);
    relayFor(env, { qualifiers }).start();
    await waitUntil(async () => (await streamCount(env)) === 6, { description: 'all six' });

    const subjects = (await storedEvents(env)).map((message) => `${message.event.streamName}@${message.event.streamRevision} ${message.subject}`);
    const prefix = env.subjectPrefix;
    expect(subjects.sort()).toEqual([
      `cart-c_marked@0 ${prefix}.cart.c_marked.marked`,
      `cart-c_marked@1 ${prefix}.cart.c_marked.marked`,
      `cart-c_marked@2 ${prefix}.cart.c_marked.marked`,
      `cart-c_plain@0 ${prefix}.cart.c_plain`,
      `cart-c_plain@1 ${prefix}.cart.c_plain`,
      `cart-c_plain@2 ${prefix}.cart.c_plain`,
    ]);
  });

  it('publishes each event of a category qualified event by event on the subject its own type decides, reading nothing', async () => {
    const read = jest.spyOn(env.store, 'read');
    const qualifiers = [
      { category: 'cart', decidedBy: 'each_event' as const, qualify: (event: RecordedEvent) => (event.type === 'cart.changed' ? 'record' : undefined) },
    ];
    await env.store.append('cart-c_one', [...newEvents(1, 'cart.opened'), ...newEvents(1, 'cart.changed')], 'no_stream');
    const relay = relayFor(env, { qualifiers });
    relay.start();
    await waitUntil(async () => (await streamCount(env)) === 2, { description: 'both' });
    await env.store.append('cart-c_one', newEvents(1, 'cart.opened'), 1);
    await waitUntil(async () => (await streamCount(env)) === 3, { description: 'all three' });
    const subjects = (await storedEvents(env)).map((message) => `${message.event.streamRevision} ${message.subject}`);
    expect(subjects).toEqual([`0 ${env.subjectPrefix}.cart.c_one`, `1 ${env.subjectPrefix}.cart.c_one.record`, `2 ${env.subjectPrefix}.cart.c_one`]);
    expect(read).not.toHaveBeenCalled();
  });

  it('publishes nothing for an event whose qualifier nobody reads, keeps order and sequence for the rest, and does not go back for it after a restart', async () => {
    const qualifiers = [
      {
        category: 'cart',
        decidedBy: 'each_event' as const,
        qualify: (event: RecordedEvent) => (event.type === 'cart.changed' ? 'record' : undefined),
        unpublished: ['record'],
      },
    ];
    // Batches of two: one of them is nothing but records, another mixes both kinds.
    const first = relayFor(env, { qualifiers, batchSize: 2 });
    await env.store.append('cart-c_two', [...newEvents(1, 'cart.opened'), ...newEvents(3, 'cart.changed'), ...newEvents(2, 'cart.opened')], 'no_stream');
    first.start();
    await waitUntil(async () => (await streamCount(env)) === 3, { description: 'the three unqualified' });
    await first.stop();
    await env.store.append('cart-c_two', [...newEvents(1, 'cart.changed'), ...newEvents(1, 'cart.opened')], 5);
    relayFor(env, { qualifiers, batchSize: 2 }).start();
    await waitUntil(async () => (await streamCount(env)) === 4, { description: 'the one appended after the restart' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const subjects = (await storedEvents(env)).map((message) => `${message.event.streamRevision} ${message.subject}`);
    const prefix = env.subjectPrefix;
    expect(subjects).toEqual([`0 ${prefix}.cart.c_two`, `4 ${prefix}.cart.c_two`, `5 ${prefix}.cart.c_two`, `7 ${prefix}.cart.c_two`]);
  });

  it('moves its checkpoint past appends kept in the store only, which send it no notice, within its idle wait', async () => {
    const qualifiers = [
      {
        category: 'cart',
        decidedBy: 'each_event' as const,
        qualify: (event: { type: string }) => (event.type === 'cart.changed' ? 'record' : undefined),
        unpublished: ['record'],
      },
    ];
    // The writer sends no notice for them, as every service's store does (libs/runtime, RELAY_QUALIFIERS).
    const writer = new PostgresEventStore(env.db.pool, { quietAppend: storeOnlyAppends(qualifiers) });
    env.onCleanup(() => writer.close());
    const relay = relayFor(env, { qualifiers, idleWaitMs: 300, checkpointEveryMs: 50 });
    relay.start();
    await writer.append('cart-c_quiet', newEvents(1, 'cart.opened'), 'no_stream');
    await waitUntil(async () => (await streamCount(env)) === 1, { description: 'the opening published' });
    await writer.append('cart-c_quiet', newEvents(3, 'cart.changed'), 0);
    await waitUntil(async () => (await relayLag(env.db.pool)).events === 0, { timeoutMs: 3_000, description: 'the records passed' });
    await writer.append('cart-c_quiet', newEvents(1, 'cart.opened'), 3);
    await waitUntil(async () => (await streamCount(env)) === 2, { description: 'the next one published' });
    expect((await storedEvents(env)).map((message) => message.event.streamRevision)).toEqual([0, 4]);
  });

  it('publishes an event held back by a transaction that appends nothing soon after it ends, with no notification to wake it', async () => {
    // Long waits everywhere else: only the held-back retry can publish it in time.
    const relay = relayFor(env, { idleWaitMs: 30_000, checkpointEveryMs: 30_000 });
    await env.store.waitForAppend(1); // LISTEN is up: the first append's notification is not lost
    relay.start();
    await env.store.append('order-o_first', newEvents(1, 'order.placed'), 'no_stream');
    await waitUntil(async () => (await streamCount(env)) === 1, { description: 'the first published' });
    const blocker = await env.db.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()'); // takes a transaction id older than the append's
      await env.store.append('order-o_held', newEvents(1, 'order.placed'), 'no_stream');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await streamCount(env)).toBe(1);
      await blocker.query('COMMIT');
    } finally {
      blocker.release();
    }
    const released = Date.now();
    await waitUntil(async () => (await streamCount(env)) === 2, { timeoutMs: 5_000, description: 'the held-back event published' });
    expect(Date.now() - released).toBeLessThan(2_000);
  });

  it('a relay killed mid-batch and restarted loses nothing and stores nothing twice', async () => {
    await appendAcrossStreams(env, 5, 5);
    let published = 0;
    const crashes: Error[] = [];
    // Publishes the first 3 messages (bundles of a stream's events) for real, then fails like a
    // dying process: the batches before the failing one are checkpointed, the failing one's
    // checkpoint is never saved. (Batch sizes are not fixed: readAll stops at the server-wide
    // transaction horizon, which other tests move.)
    const dying: Pick<JetStreamClient, 'publish'> = {
      publish: async (subject, payload, options) => {
        if (published >= 3) throw new Error('simulated crash');
        published++;
        return env.js.publish(subject, payload, options);
      },
    };
    const first = relayFor(env, { js: dying, onError: (err) => crashes.push(err) });
    first.start();
    await waitUntil(() => crashes.length > 0, { description: 'the simulated crash' });
    await first.stop();
    expect((await storedMessages(env)).length).toBe(3);
    const publishedBeforeCrash = await streamCount(env);
    const saved = await env.db.pool.query<{ checkpoint: string }>('SELECT checkpoint FROM relay_checkpoints');
    const expected = await storeOrder(env, 25);
    expect(saved.rows).toHaveLength(1);
    const savedAt = expected.findIndex((event) => event.checkpoint === saved.rows[0]?.checkpoint);
    // A checkpoint of an event that was published, before the one that failed.
    expect(savedAt).toBeGreaterThanOrEqual(0);
    expect(savedAt).toBeLessThan(publishedBeforeCrash);

    const second = relayFor(env);
    second.start();
    const last = expected[24]?.checkpoint;
    await waitUntil(
      async () => {
        const { rows } = await env.db.pool.query<{ checkpoint: string }>('SELECT checkpoint FROM relay_checkpoints');
        return rows[0]?.checkpoint === last;
      },
      { description: 'the restarted relay to checkpoint the last event' },
    );
    // The messages after the checkpoint went out twice, bundled the same way from the commit the
    // checkpoint ends; the server dropped the repeats by Nats-Msg-Id.
    expect((await storedEvents(env)).map((m) => m.event.id)).toEqual(expected.map((e) => e.id));
  });

  it('bundles a commit whole across a full page, and splits only a commit larger than the page', async () => {
    await env.store.append('order-o_first', newEvents(3), 'no_stream');
    await env.store.append('order-o_second', newEvents(3), 'no_stream');
    await env.store.append('order-o_large', newEvents(6), 'no_stream');
    relayFor(env, { batchSize: 4 }).start();
    await waitUntil(async () => (await streamCount(env)) === 12, { description: 'all twelve' });
    const messages = (await storedMessages(env)).map((message) => `${message.events[0]?.streamName} ${message.events.length}`);
    // Read 4 at a time: the second commit's first event ended the first page, and was left for the next read.
    expect(messages).toEqual(['order-o_first 3', 'order-o_second 3', 'order-o_large 4', 'order-o_large 2']);
  });

  it('a message lost in the middle of a pipelined batch stores none after it: the stream keeps commit order', async () => {
    await appendAcrossStreams(env, 4, 5);
    const errors: Error[] = [];
    // The 5th publish never reaches the server (as if lost on a dropped connection); the ones
    // sent after it in the same batch do reach it, and must be refused for following a gap.
    const lossy = losingOnePublish(env, 5);
    // Bundles of two: several messages per stream, so the pipelined batch has one to lose.
    const relay = relayFor(env, { js: lossy, onError: (err) => errors.push(err), bundleLimits: { maxEvents: 2, maxBytes: 256 * 1024 } });
    relay.start();
    const expected = await storeOrder(env, 20);
    await waitUntil(async () => (await streamCount(env)) === 20, { description: 'every event once the batch is retried' });
    expect(errors.map((err) => err.message)).toContain('simulated loss');
    expect((await storedEvents(env)).map((m) => m.event.id)).toEqual(expected.map((e) => e.id));
  });
});
