import { connectNats, ensureEventsStream, retryTransientJetStream, type ServiceConfig } from '@eh/platform';
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
  // Several replicas creating an R3 stream at once on a cluster that is still electing time out
  // now and then: wait for the cluster rather than exit.
  await retryTransientJetStream(
    () =>
      ensureEventsStream(jsm, {
        streamName: config.natsStream,
        subjectPrefix: config.subjectPrefix,
        replicas: config.natsStreamReplicas,
        maxAgeMs: config.natsStreamMaxAgeSeconds * 1000,
      }),
    { onRetry: (err) => process.stderr.write(`${name}: events stream not ready (${err instanceof Error ? err.message : String(err)}); retrying\n`) },
  );
  return { nats, js: nats.jetstream(), jsm, close: () => nats.drain() };
}
