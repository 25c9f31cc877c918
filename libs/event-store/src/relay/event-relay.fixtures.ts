import { waitUntil } from '@eh/platform/testing';
import type { JetStreamClient } from 'nats';
import type { RecordedEvent } from '../event-store.port';
import { newEvents } from '../testing/contract-fixtures';
import { type JetStreamTestEnv } from '../testing/jetstream-test-env';
import { EventRelay, type EventRelayOptions } from './event-relay';
import { eventsOfBusMessage } from './bus-bundles';

export interface StoredMessage {
  seq: number;
  subject: string;
  msgId: string | undefined;
  events: RecordedEvent[];
}

export interface StoredEvent {
  seq: number;
  subject: string;
  msgId: string | undefined;
  event: RecordedEvent;
}

export async function storedMessages(env: JetStreamTestEnv): Promise<StoredMessage[]> {
  const count = (await env.jsm.streams.info(env.streamName)).state.messages;
  const stored: StoredMessage[] = [];
  for (let seq = 1; seq <= count; seq++) {
    const msg = await env.jsm.streams.getMessage(env.streamName, { seq });
    stored.push({ seq, subject: msg.subject, msgId: msg.header.get('Nats-Msg-Id'), events: eventsOfBusMessage(msg.string()) });
  }
  return stored;
}

/** Each event the stream holds, in order, with the message that carries it (one event, or a bundle). */
export async function storedEvents(env: JetStreamTestEnv): Promise<StoredEvent[]> {
  return (await storedMessages(env)).flatMap(({ events, ...message }) => events.map((event) => ({ ...message, event })));
}

export async function streamCount(env: JetStreamTestEnv): Promise<number> {
  return (await storedEvents(env)).length;
}

/** Every event in the store's own order, once its horizon has passed. */
export async function storeOrder(env: JetStreamTestEnv, expected: number): Promise<RecordedEvent[]> {
  return waitUntil(async () => {
    const page = await env.store.readAll(null, 10_000);
    return page.events.length === expected ? page.events : undefined;
  });
}

export function relayFor(env: JetStreamTestEnv, overrides: Partial<EventRelayOptions> = {}): EventRelay {
  const relay = new EventRelay({
    store: env.store,
    pool: env.db.pool,
    js: env.js,
    subjectPrefix: env.subjectPrefix,
    batchSize: 10,
    idleWaitMs: 200,
    standbyRetryMs: 100,
    errorBackoffMs: 50,
    ...overrides,
  });
  env.onCleanup(() => relay.stop());
  return relay;
}

/** A JetStream client whose `lost`-th publish fails with 'simulated loss', never reaching the server; every other one goes through. */
export function losingOnePublish(env: JetStreamTestEnv, lost: number): Pick<JetStreamClient, 'publish'> {
  let calls = 0;
  return {
    publish: async (subject, payload, options) => {
      calls++;
      if (calls === lost) throw new Error('simulated loss');
      return env.js.publish(subject, payload, options);
    },
  };
}

export async function appendAcrossStreams(env: JetStreamTestEnv, streams: number, perStream: number): Promise<void> {
  // Concurrent appends to different streams: commit order differs from call order.
  await Promise.all(
    Array.from({ length: streams }, (_, i) => env.store.append(`order-ord_${i}_${env.streamName}`, newEvents(perStream, 'order.changed'), 'no_stream')),
  );
}
