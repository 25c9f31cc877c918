import { DomainError, MEMORY_KEY, MEMORY_KINDS, type MemoryKind } from '@eh/contracts';

/** SPEC.md "Limits": list `limit` 1 to 100, default 20, as every list. */
const LIMIT = { min: 1, max: 100, default: 20 } as const;
const KNOWN = ['kind', 'limit', 'cursor'] as const;

export interface ListMemoryQuery {
  kind: MemoryKind | null;
  limit: number;
  after: string | null;
}

const invalid = (param: string, message: string): DomainError => new DomainError('invalid_request', message, param);

/**
 * GET /v1/memory (issue 8). The cursor is base64url of `{"after": "<key>"}`, unsigned like the
 * roster's: it only holds a position in the caller's own list, and every read is scoped to the
 * caller's workspace, so a cursor from elsewhere can show nothing of elsewhere.
 */
export function parseListMemoryQuery(query: Record<string, unknown>): ListMemoryQuery {
  const unknown = Object.keys(query).find((name) => !(KNOWN as readonly string[]).includes(name));
  if (unknown) throw invalid(unknown, `unknown query parameter ${unknown}; accepted: ${KNOWN.join(', ')}`);
  const raw = (name: string): string | undefined => {
    const value = query[name];
    if (Array.isArray(value)) throw invalid(name, `${name} may be given once`);
    return typeof value === 'string' ? value : undefined;
  };
  const kind = raw('kind');
  if (kind !== undefined && !(MEMORY_KINDS as readonly string[]).includes(kind)) throw invalid('kind', `kind must be one of: ${MEMORY_KINDS.join(', ')}`);
  const limitText = raw('limit');
  const limit = limitText === undefined ? LIMIT.default : /^\d{1,3}$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= LIMIT.min && limit <= LIMIT.max)) throw invalid('limit', `limit must be an integer from ${LIMIT.min} to ${LIMIT.max}`);
  const cursor = raw('cursor');
  return { kind: (kind as MemoryKind | undefined) ?? null, limit, after: cursor === undefined ? null : decodeMemoryCursor(cursor) };
}

export const encodeMemoryCursor = (afterKey: string): string => Buffer.from(JSON.stringify({ after: afterKey })).toString('base64url');

function decodeMemoryCursor(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = typeof parsed === 'object' && parsed !== null && 'after' in parsed ? parsed.after : undefined;
    if (typeof after === 'string' && MEMORY_KEY.test(after)) return after;
  } catch {
    // fall through: not base64url JSON
  }
  throw invalid('cursor', 'cursor is not a cursor from this list; pass the `next` value of the previous page');
}
