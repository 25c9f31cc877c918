/**
 * Paces replays per workspace on this gateway: a token bucket of `perSecond` events, holding at
 * most one second's worth, shared by every replay of the workspace. Rendering a replayed event
 * (its subject folded, the object presented, JSON written) is the gateway's own CPU, which the
 * key's rate limit, counted per minute, lets one workspace spend in a burst; paced, a replay of
 * 1,000 events takes five seconds at the default (200 a second) and other workspaces do not feel it.
 */
export class ReplayPacer {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => Date.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Waits until the workspace may send `events` more, unless `stillWanted` turns false meanwhile; answers whether to go on. */
  async take(workspaceId: string, events: number, stillWanted: () => boolean): Promise<boolean> {
    for (;;) {
      if (!stillWanted()) return false;
      const bucket = this.refill(workspaceId);
      if (bucket.tokens >= events || bucket.tokens >= this.perSecond) {
        bucket.tokens -= events;
        return true;
      }
      await this.sleep(Math.min(250, Math.ceil(((events - bucket.tokens) * 1000) / this.perSecond)));
    }
  }

  private refill(workspaceId: string): { tokens: number; at: number } {
    const now = this.now();
    const bucket = this.buckets.get(workspaceId) ?? { tokens: this.perSecond, at: now };
    bucket.tokens = Math.min(this.perSecond, bucket.tokens + ((now - bucket.at) * this.perSecond) / 1000);
    bucket.at = now;
    this.buckets.set(workspaceId, bucket);
    // A full bucket says nothing a new one would not: forget it, so the map holds only workspaces replaying now.
    if (this.buckets.size > 1000) for (const [id, entry] of this.buckets) if (entry.tokens >= this.perSecond && id !== workspaceId) this.buckets.delete(id);
    return bucket;
  }
}
