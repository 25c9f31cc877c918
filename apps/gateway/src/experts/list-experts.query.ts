import { isId } from '@eh/contracts';
import { decodePositionCursor, encodePositionCursor, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';

const KNOWN = ['limit', 'cursor'] as const;

export interface ListExpertsQuery {
  limit: number;
  afterId: string | null;
}

/**
 * The roster cursor is a position cursor, unsigned, since it only holds a position in a list
 * every key may read in full (docs/decisions.md "Router").
 */
export function parseListExpertsQuery(query: Record<string, unknown>): ListExpertsQuery {
  refuseUnknownParameters(query, KNOWN);
  const cursor = singleParameter(query, 'cursor');
  return {
    limit: parseLimit(singleParameter(query, 'limit')),
    afterId: cursor === undefined ? null : decodePositionCursor(cursor, (value) => isId('expert', value)),
  };
}

export const encodeRosterCursor = encodePositionCursor;
