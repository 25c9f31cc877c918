import { forgetOldest, trimmedSize } from '@eh/platform';
import type { UsageResource } from '@eh/ledger';

const MAX_ENTRIES = 10_000;

/**
 * GET /v1/usage may be polled freely, so it is cached. Per gateway process, per workspace,
 * for at most `ttlMs`: an agent polling in a tight loop costs one query per window, and what it
 * reads is never older than that (the read model under it is inline, so never behind the ledger).
 */
export class UsageCache {
  private readonly entries = new Map<string, { storedAt: number; usage: UsageResource }>();

  constructor(private readonly ttlMs: number) {}

  async get(workspaceId: string, nowMs: number, load: () => Promise<UsageResource>): Promise<UsageResource> {
    const hit = this.entries.get(workspaceId);
    if (hit && nowMs - hit.storedAt < this.ttlMs) return hit.usage;
    const usage = await load();
    if (this.ttlMs > 0) this.store(workspaceId, nowMs, usage);
    return usage;
  }

  private store(workspaceId: string, nowMs: number, usage: UsageResource): void {
    this.entries.delete(workspaceId);
    // A Map iterates in insertion order: the first keys are the least recently stored.
    if (this.entries.size >= MAX_ENTRIES) forgetOldest(this.entries, trimmedSize(MAX_ENTRIES), (oldest) => this.entries.delete(oldest));
    this.entries.set(workspaceId, { storedAt: nowMs, usage });
  }
}
