import { createHash } from 'node:crypto';

/**
 * An Idempotency-Key derived from a tool's arguments (≤ 255 characters; the API keeps it
 * 24 h). A host that retries a tool call (a timeout, a reconnect) sends the same arguments, so the
 * retry gets the first answer back instead of a second deployment; an agent that wants a second,
 * identical deployment passes its own `idempotency_key`.
 */
export function derivedIdempotencyKey(tool: string, args: unknown): string {
  return `mcp-${tool}-${createHash('sha256').update(canonicalJson(args)).digest('hex')}`;
}

/** JSON with object keys sorted at every depth and undefined members left out, so key order never matters. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
