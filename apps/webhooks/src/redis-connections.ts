import { Redis } from 'ioredis';

/**
 * Two connections: BullMQ workers block on Redis and need `maxRetriesPerRequest: null` (they
 * wait out an outage); producers fail an add after a few retries instead, since the
 * reconciler re-adds whatever was missed.
 */
export function openRedis(url: string): { worker: Redis; producer: Redis; close(): Promise<void> } {
  const worker = new Redis(url, { maxRetriesPerRequest: null, connectionName: 'webhooks-worker' });
  const producer = new Redis(url, { maxRetriesPerRequest: 3, connectionName: 'webhooks-producer' });
  let lastWarning = 0;
  const warn = (error: Error): void => {
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    console.error(`webhooks: Redis ${url}: ${error.message}`);
  };
  worker.on('error', warn);
  producer.on('error', warn);
  return {
    worker,
    producer,
    async close() {
      await Promise.allSettled([worker.quit(), producer.quit()]);
    },
  };
}
