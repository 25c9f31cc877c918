import { BoundedMap } from '@eh/platform';

/** Stamps kept at once: copies of a few stamps are in flight together only around an endpoint change. */
const STAMPS = 4;
/** Values kept per stamp: workspaces × modes × event types being fanned out now. */
const VALUES_PER_STAMP = 10_000;

/**
 * What the fan-out read from the store for one relay copy, kept for every later copy
 * with the same stamp (CopySelector.stamp, WebhookDestinations). Each such copy was published
 * after every endpoint change the stamp names committed, and a read made while handling one
 * began after that: it is at least as new as any of those copies' events. A new stamp starts
 * empty, so an endpoint change is read again from its first copy on. Without the commit feed
 * the fan-out needed for this, the webhooks service hears nothing of commits it does not act on.
 * A read under way is shared; one that failed is forgotten.
 */
export class ReadsByStamp {
  private readonly byStamp = new BoundedMap<string, Map<string, Promise<unknown>>>(STAMPS);

  constructor(private readonly valuesPerStamp = VALUES_PER_STAMP) {}

  remember<T>(stamp: string, key: string, read: () => Promise<T>): Promise<T> {
    let values = this.byStamp.get(stamp);
    if (!values) this.byStamp.set(stamp, (values = new Map()));
    const kept = values.get(key);
    if (kept) return kept as Promise<T>;
    const value = read();
    if (values.size >= this.valuesPerStamp) values.clear();
    values.set(key, value);
    const stampValues = values;
    value.catch(() => {
      if (stampValues.get(key) === value) stampValues.delete(key);
    });
    return value;
  }
}
