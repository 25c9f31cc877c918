import { forgetOldest, trimmedSize } from '@eh/platform';
import type { ExpertRef } from '@eh/contracts';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { ChangeMarkWatch } from './change-mark-watch';

interface Cached<T> {
  value: T;
  expiresAt: number;
}

/** How long an entry is kept while no revocation moves the marks: bounds memory to keys in use. */
const ENTRY_LIFETIME_MS = 10 * 60_000;

/**
 * Credentials this gateway looked up (a PostgreSQL query per request was a fifth of a GET's
 * cost). Only credentials that were valid are kept, so a failed attempt always reaches the
 * database (and the failure throttle). Entries are served only while the change-mark watch
 * confirms no revocation since (its bound is the revocation bound on every replica); a
 * revocation through this gateway empties the cache at once. Bounded: the oldest entry leaves first.
 */
export class CredentialCache<T> {
  private readonly entries = new Map<string, Cached<T>>();
  /** Lookups under way: requests arriving together share one query (ten connections missed together). */
  private readonly loading = new Map<string, Promise<T | null>>();
  /** Moves on forgetAll: a lookup that began before it is neither shared nor kept after it. */
  private generation = 0;

  /** `watch` null: no caching, every credential is looked up. */
  constructor(
    private readonly watch: ChangeMarkWatch | null,
    private readonly capacity = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {
    watch?.onChange(() => this.forgetAll());
  }

  /** After a revocation: refused here at once (other replicas within the watch's bound). */
  forgetAll(): void {
    this.entries.clear();
    this.loading.clear();
    this.generation++;
  }

  /** Whether `presented` is held here and not past its lifetime. */
  private keeps(presented: string): boolean {
    const cached = this.entries.get(presented);
    return cached !== undefined && cached.expiresAt > this.now();
  }

  async lookup(presented: string, load: (presented: string) => Promise<T | null>): Promise<T | null> {
    if (!this.watch) return load(presented);
    // Unconfirmed marks (at start, after a pause): a credential kept here waits for the one look
    // the watch makes then, shared by every request meanwhile, instead of each request reading
    // its own beside it. One not kept is looked up at once, and not kept, since a change before
    // the next look could go unseen.
    if (!this.watch.confirmed() && !(this.keeps(presented) && (await this.watch.confirmedByLook()))) return load(presented);
    const cached = this.entries.get(presented);
    if (cached && cached.expiresAt > this.now()) return cached.value;
    if (cached) this.entries.delete(presented);
    const underway = this.loading.get(presented);
    if (underway) return underway;
    const generation = this.generation;
    const loaded = load(presented).then((value) => {
      if (value && generation === this.generation) {
        if (this.entries.size >= this.capacity) forgetOldest(this.entries, trimmedSize(this.capacity), (oldest) => this.entries.delete(oldest));
        this.entries.set(presented, { value, expiresAt: this.now() + ENTRY_LIFETIME_MS });
      }
      return value;
    });
    this.loading.set(presented, loaded);
    try {
      return await loaded;
    } finally {
      if (this.loading.get(presented) === loaded) this.loading.delete(presented);
    }
  }
}

/** The partner API's keys (one per gateway: the guard reads it, the routes that revoke keys empty it). */
export class ApiKeyCache extends CredentialCache<AuthenticatedKey> {}

/** Experts' bearer credentials (the routes that retire or rename experts empty it). */
export class ExpertCredentialCache extends CredentialCache<ExpertRef> {}
