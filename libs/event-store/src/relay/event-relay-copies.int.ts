import { waitUntil } from '@eh/platform/testing';
import type { RecordedEvent } from '../event-store.port';
import { newEvents } from '../testing/contract-fixtures';
import { freshJetStreamEnvPerTest, type JetStreamTestEnv } from '../testing/jetstream-test-env';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { relayLag } from './relay-lag.query';
import { storedMessages, storedEvents, streamCount, storeOrder, relayFor, losingOnePublish } from './event-relay.fixtures';

describe('EventRelay: copies, deferral and leadership', () => {
  let env: JetStreamTestEnv;
  freshJetStreamEnvPerTest((fresh) => (env = fresh));

  it("publishes a copy of what a copy's selector takes right after its original, on `<prefix>.<token>.<subject>`, once, and starts the selector again after a failed publish", async () => {
    // The selector folds `flag` streams in commit order: an order goes out again while a flag is on.
    let starts = 0;
    const copies = [
      {
        token: 'flagged',
        start: async () => {
          starts++;
          let on = false;
          return { copies: (event: RecordedEvent) => (event.streamName.startsWith('flag-') ? ((on = event.type === 'flag.on'), false) : on) };
        },
      },
    ];
    const errors: Error[] = [];
    // The 4th message fails once: the batch is read, and folded, again.
    const failingOnce = losingOnePublish(env, 4);
    await env.store.append('order-o_before', newEvents(2, 'order.changed'), 'no_stream');
    await env.store.append('flag-f_1', newEvents(1, 'flag.on'), 'no_stream');
    await env.store.append('order-o_during', newEvents(2, 'order.changed'), 'no_stream');
    await env.store.append('flag-f_1', newEvents(1, 'flag.off'), 0);
    await env.store.append('order-o_after', newEvents(1, 'order.changed'), 'no_stream');
    relayFor(env, { js: failingOnce, copies, onError: (err) => errors.push(err) }).start();
    await waitUntil(async () => (await storedMessages(env)).length === 6, { description: 'five originals and one copy' });

    const messages = await storedMessages(env);
    const prefix = env.subjectPrefix;
    expect(messages.map((message) => message.subject)).toEqual([
      `${prefix}.order.o_before`,
      `${prefix}.flag.f_1`,
      `${prefix}.order.o_during`,
      `${prefix}.flagged.order.o_during`,
      `${prefix}.flag.f_1`,
      `${prefix}.order.o_after`,
    ]);
    const [original, copy] = [messages[2], messages[3]];
    expect(copy?.events).toEqual(original?.events);
    expect(copy?.msgId).toBe(`${original?.msgId}@flagged`);
    expect(errors.map((err) => err.message)).toEqual(['simulated loss']);
    // The first leadership's selector, and a fresh one for the batch read again.
    expect(starts).toBe(2);
  });

  describe('with events that may wait (deferral, relay-deferral.ts)', () => {
    const deferral = (maxWaitMs: number) => ({ mayWait: (event: RecordedEvent) => event.type === 'order.created', maxWaitMs });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('holds one until its time is up, its saved checkpoint before it, and publishes at once when one that may not wait is read behind it, in commit order', async () => {
      const relay = relayFor(env, { deferral: deferral(600), checkpointEveryMs: 20 });
      relay.start();
      await env.store.append('order-ord_first', newEvents(1, 'order.changed'), 'no_stream');
      await waitUntil(async () => (await streamCount(env)) === 1, { description: 'an event that may not wait' });

      const heldAt = Date.now();
      await env.store.append('order-ord_held', newEvents(1, 'order.created'), 'no_stream');
      await sleep(250);
      expect(await streamCount(env)).toBe(1);
      // A relay killed now would publish it again from the saved checkpoint: nothing is lost.
      expect((await relayLag(env.db.pool)).events).toBe(1);
      await waitUntil(async () => (await streamCount(env)) === 2, { description: 'the held event, its time up' });
      expect(Date.now() - heldAt).toBeGreaterThanOrEqual(500);

      const companyAt = Date.now();
      await env.store.append('order-ord_waits', newEvents(1, 'order.created'), 'no_stream');
      await env.store.append('order-ord_urgent', newEvents(1, 'order.changed'), 'no_stream');
      await waitUntil(async () => (await streamCount(env)) === 4, { description: 'both, together' });
      expect(Date.now() - companyAt).toBeLessThan(450);
      const stored = await storedEvents(env);
      expect(stored.map((message) => message.event.id)).toEqual((await storeOrder(env, 4)).map((event) => event.id));
    });

    it('while it holds events, does not read for an append that only starts a stream whose start may wait, and reads at once for any other', async () => {
      let reads = 0;
      const store = new Proxy(env.store, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown;
          if (typeof value !== 'function') return value;
          if (property === 'readAll') return (...args: Parameters<PostgresEventStore['readAll']>) => (reads++, target.readAll(...args));
          return (value as (...args: unknown[]) => unknown).bind(target);
        },
      });
      const relay = relayFor(env, {
        store,
        idleWaitMs: 30_000,
        checkpointEveryMs: 30_000,
        deferral: { ...deferral(3_000), startMayWait: (streamName) => streamName.startsWith('order-') },
      });
      await env.store.waitForAppend(1); // LISTEN is up: the first append's notification is not lost
      relay.start();
      await waitUntil(() => reads > 0, { description: 'the first read' });
      await env.store.append('order-ord_one', newEvents(1, 'order.created'), 'no_stream');
      await waitUntil(() => reads >= 2, { description: 'the creation read' });
      // The reads the creation set off may still be running on a loaded machine: count from when none has come for 200 ms.
      let settled = -1;
      while (settled !== reads) {
        settled = reads;
        await sleep(200);
      }
      const readsWhileHolding = reads;
      await env.store.append('order-ord_two', newEvents(1, 'order.created'), 'no_stream');
      await sleep(300);
      expect(reads).toBe(readsWhileHolding);
      expect(await streamCount(env)).toBe(0);

      const seenAt = Date.now();
      await env.store.append('order-ord_one', newEvents(1, 'order.changed'), 0);
      await waitUntil(async () => (await streamCount(env)) === 3, { description: 'all three' });
      expect(Date.now() - seenAt).toBeLessThan(1_500);
      expect((await storedEvents(env)).map((message) => message.event.streamName)).toEqual(['order-ord_one', 'order-ord_two', 'order-ord_one']);
    });

    it('a relay stopped while it holds events publishes them before it lets go', async () => {
      const relay = relayFor(env, { deferral: deferral(30_000) });
      relay.start();
      await env.store.append('order-ord_held', newEvents(2, 'order.created'), 'no_stream');
      // Past the idle wait (200 ms): read by now, even if the append's notice came before LISTEN.
      await sleep(500);
      expect(await streamCount(env)).toBe(0);
      await relay.stop();
      expect(await streamCount(env)).toBe(2);
      expect((await relayLag(env.db.pool)).events).toBe(0);
    });
  });

  it('only one relay per name publishes; a standby takes over when it stops', async () => {
    const one = relayFor(env);
    const two = relayFor(env);
    one.start();
    await waitUntil(() => one.active, { description: 'the first relay to lead' });
    two.start();
    await env.store.append('order-ord_a', newEvents(2), 'no_stream');
    await waitUntil(async () => (await streamCount(env)) === 2);
    expect(two.active).toBe(false);

    await one.stop();
    await waitUntil(() => two.active, { description: 'the standby to take over' });
    await env.store.append('order-ord_b', newEvents(2), 'no_stream');
    await waitUntil(async () => (await streamCount(env)) === 4);
    const stored = await storedEvents(env);
    expect(new Set(stored.map((m) => m.event.id)).size).toBe(4);
  });
});
