import { AckPolicy, DeliverPolicy } from 'nats';
import { EventRelay, type Reactor, type RecordedEvent } from '@eh/event-store';
import { freshJetStreamEnvPerTest, newEvents, type JetStreamTestEnv } from '@eh/event-store/testing';
import { isConsumerNotFound } from '@eh/platform';
import { waitUntil } from '@eh/platform/testing';
import { RetiredDurableDrain } from './retired-durable';

const RETIRED = 'mirror';

describe('RetiredDurableDrain (a rider’s own durable, against JetStream)', () => {
  let env: JetStreamTestEnv;
  freshJetStreamEnvPerTest((fresh) => (env = fresh));

  const exists = async (durable: string): Promise<boolean> =>
    env.jsm.consumers.info(env.streamName, durable).then(
      () => true,
      (error: unknown) => {
        if (isConsumerNotFound(error)) return false;
        throw error;
      },
    );

  /** A drain of the retired durable for a rider handling with `handle`, stopped when the test ends. */
  function drainWith(handle: Reactor['handle'], options: { untilFirstOn?: string; nakDelayMs?: number } = {}): RetiredDurableDrain {
    const rider: Reactor = { durable: RETIRED, subjects: 'deployment.>', ridesOn: 'routing', rerunnable: true, handle };
    const drain = new RetiredDurableDrain(rider, {
      js: env.js,
      jsm: env.jsm,
      pool: env.db.pool,
      streamName: env.streamName,
      subjectPrefix: env.subjectPrefix,
      successor: 'routing',
      ...options,
      checkEveryMs: 50,
      onError: () => undefined,
      log: () => undefined,
    });
    env.onCleanup(() => drain.stop());
    return drain;
  }

  /** A drain whose rider notes the id of each event it handles in `handled`. */
  const drainOf = (handled: string[], untilFirstOn?: string): RetiredDurableDrain =>
    drainWith(async (event: RecordedEvent) => void handled.push(event.id), { untilFirstOn });

  /** The durable a consumer of the version before left behind, on the deployment subjects. */
  const addRetiredDurable = () =>
    env.jsm.consumers.add(env.streamName, {
      durable_name: RETIRED,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${env.subjectPrefix}.deployment.>`,
    });

  let appended = 0;
  /** Appends `count` deployments' events and has a relay publish every event so far; `copies`: it also copies each to `hooks.<subject>`. */
  async function publish(count: number, copies = false): Promise<string[]> {
    for (let index = 0; index < count; index++) await env.store.append(`deployment-dep_${appended++}`, newEvents(1), 'no_stream');
    const copy = { token: 'hooks', start: async () => ({ copies: () => true }) };
    const relay = new EventRelay({ store: env.store, pool: env.db.pool, js: env.js, subjectPrefix: env.subjectPrefix, copies: copies ? [copy] : [] });
    const expected = (await env.jsm.streams.info(env.streamName)).state.messages + count * (copies ? 2 : 1);
    relay.start();
    try {
      await waitUntil(async () => ((await env.jsm.streams.info(env.streamName)).state.messages >= expected ? true : undefined), {
        description: 'every event published',
      });
    } finally {
      await relay.stop();
    }
    return (await env.store.readAll(null, 1_000)).events.map((event) => event.id);
  }

  it('hands the rider what the retired durable still holds, then deletes the durable', async () => {
    await addRetiredDurable();
    const published = await publish(6);
    const handled: string[] = [];
    const drain = drainOf(handled);
    drain.start();
    await drain.finished();
    expect([...handled].sort()).toEqual([...published].sort());
    expect(await exists(RETIRED)).toBe(false);
  });

  it('with untilFirstOn, drains live what is published after it began until the first message on that subject is stored, then deletes the durable', async () => {
    await addRetiredDurable();
    const before = await publish(2);
    const handled: string[] = [];
    const drain = drainOf(handled, 'hooks.deployment.>');
    drain.start();
    await waitUntil(() => handled.length === 2, { description: 'what it held' });
    // A relay that copies nothing yet (the version before): what it publishes reaches the successors only here.
    const meanwhile = (await publish(2)).filter((id) => !before.includes(id));
    await waitUntil(() => handled.length === 4, { description: 'what was published while it drained' });
    expect(await exists(RETIRED)).toBe(true);
    // The relay of this version: from its first copy on, the successors take over.
    const withCopies = (await publish(1, true)).filter((id) => !before.includes(id) && !meanwhile.includes(id));
    await drain.finished();
    expect([...handled].sort()).toEqual([...before, ...meanwhile, ...withCopies].sort());
    expect(await exists(RETIRED)).toBe(false);
  });

  it('creates nothing when there is no durable to drain (a new install, or another replica finished)', async () => {
    await publish(2);
    const handled: string[] = [];
    const drain = drainOf(handled);
    drain.start();
    await drain.finished();
    expect(handled).toEqual([]);
    expect(await exists(RETIRED)).toBe(false);
  });

  // The second case is the one CI found: a stop that came while the drain was still starting
  // fell through to the delete and dropped what the durable held.
  it.each([
    ['while it is draining', 300],
    ['while it is still starting', 0],
  ])('stopped %s, leaves the durable and what it holds for the next start', async (_when, stopAfterMs) => {
    await addRetiredDurable();
    await publish(3);
    const drain = drainWith(() => Promise.reject(new Error('not now')), { nakDelayMs: 50 });
    drain.start();
    if (stopAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, stopAfterMs));
    await drain.stop();
    const info = await env.jsm.consumers.info(env.streamName, RETIRED);
    expect(info.num_pending + info.num_ack_pending).toBe(3);
  });
});
