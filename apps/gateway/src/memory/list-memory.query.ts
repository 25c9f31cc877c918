import { MEMORY_KEY, MEMORY_KINDS, type MemoryKind } from '@eh/contracts';
import { decodePositionCursor, encodePositionCursor, invalidQuery, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';

const KNOWN = ['kind', 'limit', 'cursor'] as const;

export interface ListMemoryQuery {
  kind: MemoryKind | null;
  limit: number;
  after: string | null;
}

/**
 * GET /v1/memory. A position cursor, unsigned like the roster's: every read is scoped
 * to the caller's workspace, so a cursor from elsewhere can show nothing of elsewhere.
 */
export function parseListMemoryQuery(query: Record<string, unknown>): ListMemoryQuery {
  refuseUnknownParameters(query, KNOWN);
  const kind = singleParameter(query, 'kind');
  if (kind !== undefined && !(MEMORY_KINDS as readonly string[]).includes(kind)) throw invalidQuery('kind', `kind must be one of: ${MEMORY_KINDS.join(', ')}`);
  const cursor = singleParameter(query, 'cursor');
  return {
    kind: (kind as MemoryKind | undefined) ?? null,
    limit: parseLimit(singleParameter(query, 'limit')),
    after: cursor === undefined ? null : decodePositionCursor(cursor, (value) => MEMORY_KEY.test(value)),
  };
}

export const encodeMemoryCursor = encodePositionCursor;
