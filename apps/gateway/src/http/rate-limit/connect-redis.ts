import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

const WARN_EVERY_MS = 10_000;

/**
 * The gateway's one Redis connection. Commands fail fast while it is down (no offline queue, a
 * short timeout), so rate limiting fails open within a second instead of stalling requests;
 * ioredis keeps reconnecting in the background.
 */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const logger = new Logger('Redis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    connectionName: name,
  });
  let lastWarningMs = 0;
  // Without a listener ioredis prints every reconnect failure; one line per 10 s is enough.
  redis.on('error', (error: Error) => {
    if (Date.now() - lastWarningMs < WARN_EVERY_MS) return;
    lastWarningMs = Date.now();
    logger.warn(`Redis ${url}: ${error.message}`);
  });
  await redis.connect().catch((error: unknown) => logger.warn(`Redis unreachable at start (${String(error)}); retrying in the background`));
  return redis;
}

/** QUIT when connected; a connection that never came up is just dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
