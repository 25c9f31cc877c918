import { createHash } from 'node:crypto';
import { DomainError } from '@eh/contracts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** An Idempotency-Key is a string of up to 255 characters; printable ASCII so it is safe to log and store. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/**
 * The header's value, or a 400 `invalid_request` naming the header. `raw` is every line the
 * header came on (Node's `headersDistinct`), so a key sent twice is told apart from one holding a comma.
 */
export function parseIdempotencyKey(raw: string | string[]): string {
  if (Array.isArray(raw) && raw.length === 1) return parseIdempotencyKey(raw[0]);
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) {
    throw new DomainError('invalid_request', `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 printable ASCII characters, sent once`, IDEMPOTENCY_KEY_HEADER);
  }
  return raw;
}

/**
 * JSON with object keys sorted at every depth, so two bodies that differ only in key order or
 * whitespace count as the same request. Array order is meaningful and kept.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What "the same request" means for a key: the key's mode, the path parameters and the canonical
 * body. A test key and a live key of one workspace share the (workspace, route, key) slot, so a
 * replay across modes is a conflict rather than a live answer leaking to a test caller; and
 * `POST /v1/deployments/:id/cancel` is one route, so the same key and body sent for another
 * deployment is a conflict too, never the first deployment's answer (found by the fuzzer).
 * Routes without path parameters hash as before, so slots stored earlier still replay.
 */
export function requestHash(body: unknown, mode: string, pathParams: Readonly<Record<string, string>> = {}): string {
  const hash = createHash('sha256').update(mode).update('\n');
  if (Object.keys(pathParams).length > 0) hash.update(canonicalJson(pathParams)).update('\n');
  return hash.update(canonicalJson(body)).digest('hex');
}
