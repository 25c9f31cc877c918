import { connect, type ConnectionOptions, type NatsConnection } from 'nats';
import { natsServerList, natsServersFromEnv } from './nats-config';
import { installSettledRequestResolver } from './settled-request';

/**
 * Connects with reconnects forever: a service outlives a NATS restart instead of exiting,
 * and JetStream publishes fail (and are retried by their callers) while it is down.
 * `servers` may be the configured `NATS_URL` as is: a comma-separated list is split here,
 * because the client takes one string as one address and keeps only what follows its last
 * `://` (with a three-server NATS_URL every service knew only the third server, and
 * none could start while that one was down).
 */
export async function connectNats(options: Partial<ConnectionOptions> = {}): Promise<NatsConnection> {
  installSettledRequestResolver();
  const { servers, ...rest } = options;
  return connect({
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // Otherwise every request, JetStream publish and ack-ack captures a stack trace
    // (new Error()) in case it times out: a tenth of the relay's CPU in a profile. Callers add context to errors.
    noAsyncTraces: true,
    ...rest,
    servers: servers === undefined ? natsServersFromEnv() : natsServerList(servers),
  });
}
