/**
 * A set that keeps its most recent `capacity` values: adding one more forgets the value added
 * longest ago (insertion order; adding a value already there does not renew it). For the
 * memories a process keeps of streams it has seen, where forgetting one costs a read, not a
 * wrong answer.
 */
export class BoundedSet<T> {
  private readonly values = new Set<T>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.values.size;
  }

  add(value: T): void {
    if (this.values.has(value)) return;
    if (this.values.size >= this.capacity) this.values.delete(this.values.values().next().value as T);
    this.values.add(value);
  }

  has(value: T): boolean {
    return this.values.has(value);
  }

  /** Whether the value was there. */
  delete(value: T): boolean {
    return this.values.delete(value);
  }
}
