/**
 * The ids a stream has sent lately, to drop the copy of an event that reaches it twice (read by its
 * replay and then delivered live, or published twice by the relay after a restart). A stream may
 * stay open for days, so it cannot remember every id: it keeps two generations of at least
 * `capacity` ids each and forgets the older one when the newer is full. An id is remembered for
 * at least `capacity` ids after it, far more than a replay page and its live overlap hold.
 */
export class RecentIds {
  private current = new Set<string>();
  private previous = new Set<string>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`capacity must be a positive whole number, not ${capacity}`);
  }

  /** True the first time an id is seen lately; false for a repeat. */
  add(id: string): boolean {
    if (this.current.has(id) || this.previous.has(id)) return false;
    if (this.current.size >= this.capacity) {
      this.previous = this.current;
      this.current = new Set();
    }
    this.current.add(id);
    return true;
  }

  /** How many ids it holds now: never more than twice its capacity. */
  get size(): number {
    return this.current.size + this.previous.size;
  }
}
