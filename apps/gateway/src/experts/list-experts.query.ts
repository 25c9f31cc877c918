import { DomainError, isId } from '@eh/contracts';

/** SPEC.md "Limits": list `limit` 1 to 100, default 20, as GET /v1/deployments. */
const LIMIT = { min: 1, max: 100, default: 20 } as const;
const KNOWN = ['limit', 'cursor'] as const;

export interface ListExpertsQuery {
  limit: number;
  afterId: string | null;
}

const invalid = (param: string, message: string): DomainError => new DomainError('invalid_request', message, param);

/**
 * The roster cursor is base64url of `{"after": "<spec_id>"}`: opaque to clients, but unsigned,
 * since it only holds a position in a list every key may read in full (docs/decisions.md
 * "Router (issue 5)"). Unknown parameters are refused, as on every list.
 */
export function parseListExpertsQuery(query: Record<string, unknown>): ListExpertsQuery {
  const unknown = Object.keys(query).find((name) => !(KNOWN as readonly string[]).includes(name));
  if (unknown) throw invalid(unknown, `unknown query parameter ${unknown}; accepted: ${KNOWN.join(', ')}`);
  const raw = (name: string): string | undefined => {
    const value = query[name];
    if (Array.isArray(value)) throw invalid(name, `${name} may be given once`);
    return typeof value === 'string' ? value : undefined;
  };
  const limitText = raw('limit');
  const limit = limitText === undefined ? LIMIT.default : /^\d{1,3}$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= LIMIT.min && limit <= LIMIT.max)) throw invalid('limit', `limit must be an integer from ${LIMIT.min} to ${LIMIT.max}`);
  const cursor = raw('cursor');
  return { limit, afterId: cursor === undefined ? null : decodeRosterCursor(cursor) };
}

export const encodeRosterCursor = (afterId: string): string => Buffer.from(JSON.stringify({ after: afterId })).toString('base64url');

function decodeRosterCursor(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = typeof parsed === 'object' && parsed !== null && 'after' in parsed ? parsed.after : undefined;
    if (typeof after === 'string' && isId('expert', after)) return after;
  } catch {
    // fall through: not base64url JSON
  }
  throw invalid('cursor', 'cursor is not a cursor from this list; pass the `next` value of the previous page');
}
