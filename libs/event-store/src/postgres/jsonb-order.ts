/**
 * A JSON value as PostgreSQL's jsonb gives it back: object keys shorter first, then by their
 * UTF-8 bytes (jsonb's on-disk order), undefined members and functions gone as in JSON.stringify.
 * handleCommand folds new events in this form, so the state it passes with an append is the one
 * a later read folds, down to the order of keys in a stored resource (issue 14).
 */
export function inJsonbOrder(data: unknown): unknown {
  return data === undefined ? null : reorder(JSON.parse(JSON.stringify(data)) as unknown);
}

function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value === null || typeof value !== 'object') return value;
  const keyed = Object.entries(value as Record<string, unknown>).map(([key, member]) => ({ key, bytes: Buffer.from(key), member }));
  keyed.sort((a, b) => a.bytes.length - b.bytes.length || Buffer.compare(a.bytes, b.bytes));
  return Object.fromEntries(keyed.map(({ key, member }) => [key, reorder(member)]));
}
