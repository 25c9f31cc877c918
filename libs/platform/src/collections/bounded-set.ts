import { forgetOldest, trimmedSize } from './forget-oldest';

/**
 * A set that keeps at most `capacity` values: adding one more to a full set first forgets the
 * tenth of them added longest ago, at least one (insertion order; adding a value already there
 * does not renew it; forgetOldest says why a tenth). For the
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
    if (this.values.size >= this.capacity) forgetOldest(this.values, trimmedSize(this.capacity), (oldest) => this.values.delete(oldest));
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
