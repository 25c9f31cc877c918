/**
 * Uploads each expert has in flight on this process. An upload holds up to ATTACHMENT_MAX_BYTES
 * of this process's memory until it is stored, so the bound is per process: what it protects is
 * this process's memory, and it needs no round trip to share.
 */
export class UploadsInFlight {
  private readonly running = new Map<string, number>();

  constructor(private readonly perExpert: number) {}

  /** Takes a slot for the expert; false when they already hold every slot. The returned release is safe to call twice. */
  take(expertId: string): (() => void) | null {
    const held = this.running.get(expertId) ?? 0;
    if (held >= this.perExpert) return null;
    this.running.set(expertId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(expertId) ?? 1) - 1;
      if (left <= 0) this.running.delete(expertId);
      else this.running.set(expertId, left);
    };
  }

  heldBy(expertId: string): number {
    return this.running.get(expertId) ?? 0;
  }
}
