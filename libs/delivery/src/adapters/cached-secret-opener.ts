import { forgetOldest, trimmedSize } from '@eh/platform';
import type { SealedSecret } from '@eh/contracts';
import type { SecretOpener } from '../application/attempt-delivery.handler';

/**
 * Keeps opened signing secrets in memory for a short while: every attempt of a
 * workspace is signed with the same few secrets, and one AES-GCM open per attempt is waste.
 * Keyed by the whole envelope and its additional data, so a secret copied to another endpoint
 * still has to open on its own, and a re-sealed or rotated secret is a new entry. Short-lived,
 * so plaintext stays in the process only while it signs.
 */
export class CachedSecretOpener implements SecretOpener {
  private readonly entries = new Map<string, { plaintext: string; until: number }>();

  constructor(
    private readonly inner: SecretOpener,
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

  open(sealed: SealedSecret, aad: string): string {
    const now = (this.options.now ?? Date.now)();
    const key = JSON.stringify([sealed.kid, sealed.iv, sealed.tag, sealed.ct, aad]);
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.plaintext;
    const plaintext = this.inner.open(sealed, aad);
    this.entries.delete(key);
    // Map order is insertion order: the first entries are the oldest.
    if (this.entries.size >= this.options.maxEntries) forgetOldest(this.entries, trimmedSize(this.options.maxEntries), (oldest) => this.entries.delete(oldest));
    this.entries.set(key, { plaintext, until: now + this.options.ttlMs });
    return plaintext;
  }
}
