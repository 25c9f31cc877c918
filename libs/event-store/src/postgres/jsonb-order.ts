/**
 * A JSON value as PostgreSQL's jsonb gives it back: object keys shorter first, then by their
 * UTF-8 bytes (jsonb's on-disk order), undefined members and functions gone as in JSON.stringify.
 * handleCommand folds new events in this form, so the state it passes with an append is the one
 * a later read folds, down to the order of keys in a stored resource (issue 14).
 */
export function inJsonbOrder(data: unknown): unknown {
  return data === undefined ? null : reorder(JSON.parse(JSON.stringify(data)) as unknown);
}

/** Reorders in place: the value is JSON.parse's own, shared with nobody. */
function reorder(value: unknown): unknown {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = reorder(value[index]);
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  const ordered = inKeyOrder(keys);
  if (ordered === keys) {
    for (const key of keys) object[key] = reorder(object[key]);
    return object;
  }
  const reordered: Record<string, unknown> = {};
  for (const key of ordered) reordered[key] = reorder(object[key]);
  return reordered;
}

const isAscii = (key: string): boolean => /^[\x00-\x7f]*$/.test(key);

/** Shorter first, then by UTF-8 bytes; ASCII keys (nearly all) compare as strings, with no buffers. */
const byAsciiBytes = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
function byUtf8Bytes(a: string, b: string): number {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length - right.length || Buffer.compare(left, right);
}

/** The keys in jsonb's order: the same array when they are in it already (issue 14: most objects are). */
function inKeyOrder(keys: string[]): string[] {
  const compare = keys.every(isAscii) ? byAsciiBytes : byUtf8Bytes;
  for (let index = 1; index < keys.length; index++) {
    if (compare(keys[index - 1] as string, keys[index] as string) > 0) return [...keys].sort(compare);
  }
  return keys;
}
