import { Redis } from 'ioredis';

/** Deletes every key under `<prefix>:`, so a test leaves nothing behind in the shared Redis. */
export async function deleteRedisPrefix(prefix: string, url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    // SCAN, not KEYS: other tests and services share this server and must not be blocked.
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    }
  } finally {
    await redis.quit();
  }
  return deleted;
}
