import { forgetOldest, trimmedSize } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';

interface CachedKey {
  key: AuthenticatedKey;
  expiresAt: number;
}

/**
 * API keys this gateway looked up in the last `ttlMs` (one PostgreSQL query per request
 * was a fifth of a GET's cost). Only keys that were valid are kept, so a failed attempt always
 * reaches the database (and the failure throttle). The TTL is the revocation bound by
 * construction: a revoked key is refused on every replica at most `ttlMs` later, with no
 * invalidation message to lose. Bounded: the oldest entry leaves first.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, CachedKey>();
  /** Lookups under way: requests arriving together share one query (ten connections missed together). */
  private readonly loading = new Map<string, Promise<AuthenticatedKey | null>>();
  /** Moves on forgetAll: a lookup that began before it is neither shared nor kept after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** After a revocation through this gateway: refused here at once (other replicas within the TTL). */
  forgetAll(): void {
    this.entries.clear();
    this.loading.clear();
    this.generation++;
  }

  async lookup(presented: string, load: (presented: string) => Promise<AuthenticatedKey | null>): Promise<AuthenticatedKey | null> {
    if (this.ttlMs <= 0) return load(presented);
    const cached = this.entries.get(presented);
    if (cached && cached.expiresAt > this.now()) return cached.key;
    if (cached) this.entries.delete(presented);
    const underway = this.loading.get(presented);
    if (underway) return underway;
    const generation = this.generation;
    const loaded = load(presented).then((key) => {
      if (key && generation === this.generation) {
        if (this.entries.size >= this.capacity) forgetOldest(this.entries, trimmedSize(this.capacity), (oldest) => this.entries.delete(oldest));
        this.entries.set(presented, { key, expiresAt: this.now() + this.ttlMs });
      }
      return key;
    });
    this.loading.set(presented, loaded);
    try {
      return await loaded;
    } finally {
      if (this.loading.get(presented) === loaded) this.loading.delete(presented);
    }
  }
}
