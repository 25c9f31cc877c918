/**
 * A map that keeps its most recent `capacity` keys: setting one more forgets the key set longest
 * ago (insertion order; setting a key already there replaces its value without renewing it). The
 * keyed sibling of BoundedSet, for memories where forgetting costs a read or an over-cautious answer.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  set(key: K, value: V): void {
    if (!this.entries.has(key) && this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }
}
