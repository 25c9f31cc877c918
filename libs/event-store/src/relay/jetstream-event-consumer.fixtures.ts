import { waitUntil } from '@eh/platform/testing';
import type { RecordedEvent } from '../event-store.port';
import { newEvents } from '../testing/contract-fixtures';
import { type JetStreamTestEnv } from '../testing/jetstream-test-env';
import { DEFAULT_BUNDLE_LIMITS } from './bus-bundles';
import { EventRelay } from './event-relay';
import { JetStreamEventConsumer, type JetStreamEventConsumerOptions } from './jetstream-event-consumer';

export const DURABLE = 'reactor';

/**
 * Appends `count` events to streams of `category` and starts a relay publishing them, one
 * message per event unless `bundled` (these tests count messages; bundles have their own).
 */
export async function appendAndRelay(env: JetStreamTestEnv, count: number, category = 'order', bundled = false): Promise<RecordedEvent[]> {
  for (let i = 0; i < count; i += 5) {
    await env.store.append(`${category}-o_${i}`, newEvents(Math.min(5, count - i)), 'no_stream');
  }
  const bundleLimits = bundled ? DEFAULT_BUNDLE_LIMITS : { ...DEFAULT_BUNDLE_LIMITS, maxEvents: 1 };
  const relay = new EventRelay({ store: env.store, pool: env.db.pool, js: env.js, subjectPrefix: env.subjectPrefix, bundleLimits });
  env.onCleanup(() => relay.stop());
  relay.start();
  return waitUntil(async () => {
    const page = await env.store.readAll(null, 10_000);
    return page.events.length >= count ? page.events : undefined;
  });
}

export function consumerFor(env: JetStreamTestEnv, overrides: Partial<JetStreamEventConsumerOptions> = {}): JetStreamEventConsumer {
  const consumer = new JetStreamEventConsumer({
    js: env.js,
    jsm: env.jsm,
    pool: env.db.pool,
    streamName: env.streamName,
    maxMessages: 5,
    ackWaitMs: 1_000,
    nakDelayMs: 100,
    onError: () => undefined,
    ...overrides,
  });
  env.onCleanup(() => consumer.stop());
  return consumer;
}

/** Every message acked: nothing left to deliver or to redeliver. */
export async function waitAllAcked(env: JetStreamTestEnv, total: number): Promise<void> {
  let last: unknown;
  await waitUntil(
    async () => {
      const info = await env.jsm.consumers.info(env.streamName, DURABLE);
      last = { ack_floor: info.ack_floor, delivered: info.delivered, pending: info.num_pending, ackPending: info.num_ack_pending };
      return info.ack_floor.consumer_seq >= total && info.num_ack_pending === 0 && info.num_pending === 0;
    },
    { description: `every message acked` },
  ).catch((err: Error) => {
    throw new Error(`${err.message}; consumer: ${JSON.stringify(last)}`);
  });
}

export function countBy(ids: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
