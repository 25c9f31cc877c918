/**
 * Deletes the entries a Map or Set has held longest (its iteration order is insertion order)
 * until `keep` are left, walking one iterator once; `forget` deletes one (and whatever hangs on it).
 *
 * Why callers trim a full collection by a tenth at once (trimmedSize), not by one key per insert:
 * V8 leaves a deleted entry as a hole until the table is rehashed, and every new iterator walks
 * past the holes from the start. Deleting the first key on each insert of a new one cost 3 µs per
 * insert at 10,000 entries and 13 µs at 100,000, against 0.1–0.2 µs trimmed in batches (node 24,
 * 400,000 inserts): the relay's streams seen and every decider's snapshot cache take a new stream
 * per webhook delivery.
 */
export function forgetOldest<K>(collection: { readonly size: number; keys(): IterableIterator<K> }, keep: number, forget: (key: K) => void): void {
  let excess = collection.size - keep;
  if (excess <= 0) return;
  for (const key of collection.keys()) {
    if (excess-- <= 0) return;
    forget(key);
  }
}

/** What a full collection of `capacity` is trimmed to before it takes one more: a tenth less, at least one. */
export const trimmedSize = (capacity: number): number => Math.max(0, capacity - Math.max(1, Math.floor(capacity / 10)));
