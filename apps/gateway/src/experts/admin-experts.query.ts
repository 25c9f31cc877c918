import { isId } from '@eh/contracts';
import { parseAvailability, SKILL_TAG, type AdminRosterPage } from '@eh/routing';
import { decodePositionCursor, invalidQuery, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';

const KNOWN = ['limit', 'cursor', 'status', 'availability', 'skill'] as const;
const STATUSES = ['active', 'retired'] as const;
/** The roster is short and operations read it whole: a page holds up to 100 by default (docs/dashboard-contract.md). */
const DEFAULT_LIMIT = 100;

/**
 * `GET /admin/v1/experts`: `limit` 1–100, `cursor`, and filters `status`
 * (active|retired), `availability` and `skill` (one tag). The cursor is an unsigned position, as
 * on `GET /v1/experts`: operations may read every expert anyway.
 */
export function parseAdminRosterQuery(query: Record<string, unknown>): AdminRosterPage {
  refuseUnknownParameters(query, KNOWN);
  const rawLimit = singleParameter(query, 'limit');
  const cursor = singleParameter(query, 'cursor');
  const status = singleParameter(query, 'status');
  const availability = singleParameter(query, 'availability');
  const skill = singleParameter(query, 'skill');
  if (status !== undefined && !STATUSES.some((known) => known === status)) throw invalidQuery('status', `status must be one of ${STATUSES.join(', ')}`);
  if (skill !== undefined && !SKILL_TAG.test(skill)) throw invalidQuery('skill', `skill must be one lowercase tag matching ${SKILL_TAG.source}`);
  return {
    limit: rawLimit === undefined ? DEFAULT_LIMIT : parseLimit(rawLimit),
    afterId: cursor === undefined ? null : decodePositionCursor(cursor, (value) => isId('expert', value)),
    ...(status !== undefined ? { status: status as AdminRosterPage['status'] } : {}),
    ...(availability !== undefined ? { availability: parseAvailability(availability) } : {}),
    ...(skill !== undefined ? { skill } : {}),
  };
}
