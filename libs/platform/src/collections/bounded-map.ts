import { forgetOldest, trimmedSize } from './forget-oldest';

/**
 * A map that keeps at most `capacity` keys: setting one more in a full map first forgets the tenth
 * of them set longest ago, at least one (insertion order; setting a key already there replaces its
 * value without renewing it; forgetOldest says why a tenth). The
 * keyed sibling of BoundedSet, for memories where forgetting costs a read or an over-cautious answer.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  set(key: K, value: V): void {
    if (!this.entries.has(key) && this.entries.size >= this.capacity)
      forgetOldest(this.entries, trimmedSize(this.capacity), (oldest) => this.entries.delete(oldest));
    this.entries.set(key, value);
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }
}
