import type { Redis } from 'ioredis';
import type { ExpertReachability } from '../application/expert-reachability';

/**
 * Which experts hold an open console event stream (`GET /expert/v1/events`) on any gateway
 * replica, in Redis: one key per expert, set with a TTL of the grace period by every replica
 * holding a stream of theirs, again every third of it. Nothing deletes it: when the last stream
 * closes (a closed tab, a killed gateway) the key lapses within the grace, and a page reload or a
 * network blip inside it never looks like leaving. One hash tag for all keys, so the router's
 * MGET is one command on Redis Cluster too.
 */
export class ConsolePresence implements ExpertReachability {
  constructor(
    private readonly redis: Redis,
    private readonly options: { prefix: string; graceMs: number },
  ) {}

  keyOf(expertId: string): string {
    return `${this.options.prefix}:{presence}:expert:${expertId}`;
  }

  /** Marks each expert connected for the next grace period (one pipeline); answers those who were not connected before. */
  async heartbeat(expertIds: Iterable<string>): Promise<string[]> {
    const pipeline = this.redis.pipeline();
    const ids = [...expertIds];
    if (ids.length === 0) return [];
    for (const expertId of ids) pipeline.set(this.keyOf(expertId), '1', 'PX', this.options.graceMs, 'GET');
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error !== null);
    if (failed) throw failed[0];
    return ids.filter((_expertId, index) => results[index]?.[1] === null);
  }

  /** The experts with a console open now: one MGET whatever their number. */
  async reachable(expertIds: readonly string[]): Promise<Set<string>> {
    if (expertIds.length === 0) return new Set();
    const values = await this.redis.mget(...expertIds.map((expertId) => this.keyOf(expertId)));
    return new Set(expertIds.filter((_expertId, index) => values[index] !== null));
  }
}
