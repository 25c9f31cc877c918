import { connect, type ConnectionOptions, type NatsConnection } from 'nats';
import { natsServersFromEnv } from './nats-config';

/**
 * Connects with reconnects forever: a service outlives a NATS restart instead of exiting,
 * and JetStream publishes fail (and are retried by their callers) while it is down.
 */
export async function connectNats(options: Partial<ConnectionOptions> = {}): Promise<NatsConnection> {
  return connect({
    servers: natsServersFromEnv(),
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    ...options,
  });
}
