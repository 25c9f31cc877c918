import { connectNats, ensureEventsStream, type ServiceConfig } from '@eh/platform';
import type { JetStreamClient, JetStreamManager, NatsConnection } from 'nats';

export interface Messaging {
  nats: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  close(): Promise<void>;
}

/** A NATS connection with the events stream ensured, so consumers can bind at once. */
export async function openMessaging(config: ServiceConfig, name: string): Promise<Messaging> {
  const nats = await connectNats({ servers: config.natsUrl, name });
  const jsm = await nats.jetstreamManager();
  await ensureEventsStream(jsm, {
    streamName: config.natsStream,
    subjectPrefix: config.subjectPrefix,
    replicas: config.natsStreamReplicas,
    maxAgeMs: config.natsStreamMaxAgeSeconds * 1000,
  });
  return { nats, js: nats.jetstream(), jsm, close: () => nats.drain() };
}
