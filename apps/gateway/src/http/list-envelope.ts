/**
 * Every list response (docs/decisions.md "REST surface"): `next` is the cursor of the
 * following page, or null on the last one; `has_more` says the same as a boolean for clients
 * that branch on it. `object` names the shape, as Stripe's lists do.
 */
export interface ListEnvelope<Item> {
  object: 'list';
  data: Item[];
  next: string | null;
  has_more: boolean;
}

/** One page of a list. */
export const listEnvelope = <Item>(data: Item[], next: string | null): ListEnvelope<Item> => ({ object: 'list', data, next, has_more: next !== null });
