import { inGroup, readBy } from './setting';

/** The catalogue's Connections settings. */
export const connectionSettings = inGroup(
  'Connections',
  readBy(
    ['all', 'cli'],
    [
      {
        name: 'DATABASE_URL',
        default: 'postgres://postgres@127.0.0.1:5432/expert_handoff',
        meaning: 'The PostgreSQL database that holds every event and read model.',
      },
    ],
  ),
  readBy(
    ['all'],
    [
      {
        name: 'PG_POOL_MAX',
        default: 'unset',
        meaning: "Upper bound on every service's PostgreSQL pool (each has its own size otherwise), so many replicas stay under the server's connection limit.",
      },
      {
        name: 'PG_CONNECT_TIMEOUT_MS',
        default: '1500',
        meaning: 'A new PostgreSQL connection that has not finished its handshake within this is abandoned.',
      },
      {
        name: 'PG_POOL_WAIT_MS',
        default: '3000',
        meaning: 'How long a request waits for a free pooled connection before it is answered 503 with Retry-After.',
      },
      {
        name: 'PG_STATEMENT_TIMEOUT_MS',
        default: '3000',
        meaning: 'A statement running longer is cancelled by the server; the client gives up 500 ms after it if the server does not answer at all.',
      },
      {
        name: 'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS',
        default: '10000',
        meaning: 'A session left idle inside a transaction this long is ended by the server, freeing its locks.',
      },
      {
        name: 'NATS_URL',
        default: 'nats://127.0.0.1:4222',
        meaning: 'The NATS servers, comma-separated for a cluster.',
      },
      {
        name: 'NATS_STREAM',
        default: 'EVENTS',
        meaning: 'The JetStream stream that carries every committed event.',
      },
      {
        name: 'NATS_STREAM_REPLICAS',
        default: '1',
        meaning: 'Replicas of the events stream: 1 on one server, 3 on a cluster.',
      },
      {
        name: 'NATS_STREAM_MAX_AGE_SECONDS',
        default: '604800',
        meaning: 'How long the events stream keeps a message (7 days; at least 7200, its duplicate window); PostgreSQL keeps everything.',
      },
      {
        name: 'SUBJECT_PREFIX',
        default: 'events',
        meaning: 'First token of every NATS subject this installation uses.',
      },
    ],
  ),
  readBy(
    ['gateway', 'router', 'webhooks'],
    [
      {
        name: 'REDIS_URL',
        default: 'redis://127.0.0.1:6379',
        meaning: 'Redis, for queues, rate-limit windows and caches: nothing there that the events cannot rebuild.',
      },
      {
        name: 'REDIS_PREFIX',
        default: 'eh',
        meaning: 'Prefix of every BullMQ queue name and Redis key.',
      },
    ],
  ),
  readBy(
    ['gateway', 'cli'],
    [
      {
        name: 'GATEWAY_HOST',
        default: '127.0.0.1',
        meaning: 'Address the gateway listens on (and the demo calls).',
      },
      {
        name: 'GATEWAY_PORT',
        default: '3000',
        meaning: 'Port the gateway listens on (and the demo and the expert CLI call).',
      },
    ],
  ),
  readBy(
    ['gateway', 'webhooks', 'cli'],
    [
      {
        name: 'PUBLIC_BASE_URL',
        default: 'http://GATEWAY_HOST:GATEWAY_PORT',
        meaning: 'The address clients reach the service at: invitation links, signed attachment URLs, `docs_url` and the Host check.',
      },
    ],
  ),
  readBy(
    ['all'],
    [
      {
        name: 'HEALTH_PORT',
        default: 'unset',
        meaning: 'Port of the internal listener serving /health/live, /health/ready and /metrics; unset, no listener is started.',
      },
      {
        name: 'HEALTH_HOST',
        default: '127.0.0.1',
        meaning: 'Address of that internal listener (0.0.0.0 in a pod).',
      },
    ],
  ),
  readBy(
    ['launcher'],
    [
      {
        name: 'SERVICE_LAYOUT',
        default: 'combined',
        meaning:
          '`npm start` runs the gateway and every other service in one workers process (`combined`), or each service in a process of its own (`separate`, as a cluster runs them).',
      },
    ],
  ),
);
