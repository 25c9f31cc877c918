import { Redis, type RedisOptions } from 'ioredis';

/**
 * What a connection is for decides how it behaves while Redis is away (it
 * holds only what can be rebuilt, so nothing waits on it for long):
 * - `edge`: the gateway's rate limits and throttles. No offline queue and a 1 s timeout, so a
 *   request fails open within a second instead of stalling.
 * - `producer`: adds and removes BullMQ jobs. Fails after a few retries; the reconcilers re-add
 *   whatever was missed.
 * - `worker`: BullMQ workers block on Redis and must wait out an outage (BullMQ 6 requires
 *   `maxRetriesPerRequest: null`).
 */
export type RedisRole = 'edge' | 'producer' | 'worker';

const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  // No auto-pipelining: its per-tick pipelines kept each request's objects alive
  // through two scavenges (docs/decisions.md); it saved no CPU at the rates measured.
  edge: { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000 },
  producer: { maxRetriesPerRequest: 3 },
  worker: { maxRetriesPerRequest: null },
};

const WARN_EVERY_MS = 10_000;

export interface OpenRedisOptions {
  url: string;
  /** Shown by CLIENT LIST: `<service>-<role>`. */
  name: string;
  role: RedisRole;
  /** Where connection errors go, at most one line per 10 s (ioredis would print every reconnect). */
  log?: (line: string) => void;
}

/** The one place a Redis connection is opened. */
export function openRedis(options: OpenRedisOptions): Redis {
  const redis = new Redis(options.url, { ...ROLE_OPTIONS[options.role], connectionName: options.name });
  const log = options.log ?? ((line: string) => console.error(line));
  let lastWarningMs = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastWarningMs < WARN_EVERY_MS) return;
    lastWarningMs = Date.now();
    log(`${options.name}: Redis ${options.url}: ${error.message}`);
  });
  return redis;
}

/**
 * An `edge` connection, connected before it is returned when Redis answers; otherwise returned
 * at once and left reconnecting in the background (the gateway starts without Redis).
 */
export async function connectRedis(url: string, name: string, log?: (line: string) => void): Promise<Redis> {
  const redis = openRedis({ url, name, role: 'edge', log });
  await redis.connect().catch((error: unknown) => (log ?? console.error)(`${name}: Redis unreachable at start (${String(error)}); retrying in the background`));
  return redis;
}

/** QUIT when connected; a connection that never came up is just dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

/** The two connections a BullMQ user needs: one to add jobs, one for its workers to block on. */
export interface RedisPair {
  producer: Redis;
  worker: Redis;
  close(): Promise<void>;
}

export function openRedisPair(url: string, service: string, log?: (line: string) => void): RedisPair {
  const producer = openRedis({ url, name: `${service}-producer`, role: 'producer', log });
  const worker = openRedis({ url, name: `${service}-worker`, role: 'worker', log });
  return {
    producer,
    worker,
    async close() {
      await Promise.allSettled([closeRedis(producer), closeRedis(worker)]);
    },
  };
}
