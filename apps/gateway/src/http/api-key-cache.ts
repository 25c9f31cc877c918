import type { AuthenticatedKey } from '@eh/workspaces';

interface CachedKey {
  key: AuthenticatedKey;
  expiresAt: number;
}

/**
 * API keys this gateway looked up in the last `ttlMs` (issue 14: one PostgreSQL query per request
 * was a fifth of a GET's cost). Only keys that were valid are kept, so a failed attempt always
 * reaches the database (and the failure throttle). The TTL is the revocation bound by
 * construction: a revoked key is refused on every replica at most `ttlMs` later, with no
 * invalidation message to lose. Bounded: the oldest entry leaves first.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, CachedKey>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** After a revocation through this gateway: refused here at once (other replicas within the TTL). */
  forgetAll(): void {
    this.entries.clear();
  }

  async lookup(presented: string, load: (presented: string) => Promise<AuthenticatedKey | null>): Promise<AuthenticatedKey | null> {
    if (this.ttlMs <= 0) return load(presented);
    const cached = this.entries.get(presented);
    if (cached && cached.expiresAt > this.now()) return cached.key;
    if (cached) this.entries.delete(presented);
    const key = await load(presented);
    if (key) {
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value ?? '');
      this.entries.set(presented, { key, expiresAt: this.now() + this.ttlMs });
    }
    return key;
  }
}
