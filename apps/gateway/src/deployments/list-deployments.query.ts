import { DEPLOYMENT_STATUSES, isId, type DeploymentStatus } from '@eh/contracts';
import type { DeploymentListFilters } from '@eh/deployments';
import { invalidQuery as invalid, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';
import { SKILL_TAG } from './deployment-fields';

const KNOWN_PARAMETERS = ['status', 'skill', 'created_after', 'q', 'limit', 'cursor'] as const;

export interface ListDeploymentsQuery {
  filters: DeploymentListFilters;
  limit: number;
  cursor: string | null;
}

/** Query values as Fastify parses them: a repeated parameter becomes an array. */
type QueryValue = string | string[] | undefined;

/**
 * Validates the query of GET /v1/deployments. Unknown parameters are refused, as unknown body
 * fields are (docs/decisions.md): a misspelt `stauts` silently ignored would list everything.
 */
export function parseListQuery(query: Record<string, unknown>): ListDeploymentsQuery {
  refuseUnknownParameters(query, KNOWN_PARAMETERS);
  // Only `status` may repeat; a second value of anything else is ambiguous.
  const single = (name: string): string | undefined => singleParameter(query, name);
  return {
    filters: {
      statuses: parseStatuses(query.status as QueryValue),
      skill: parseSkill(single('skill')),
      createdAfter: parseCreatedAfter(single('created_after')),
      q: parseSearch(single('q')),
    },
    limit: parseLimit(single('limit')),
    cursor: single('cursor') ?? null,
  };
}

function parseStatuses(raw: QueryValue): DeploymentStatus[] {
  if (raw === undefined) return [];
  const values = Array.isArray(raw) ? raw : [raw];
  for (const status of values) {
    if (!(DEPLOYMENT_STATUSES as readonly string[]).includes(status)) {
      throw invalid('status', `status must be one of: ${DEPLOYMENT_STATUSES.join(', ')} (repeat the parameter for several); got "${status.slice(0, 40)}"`);
    }
  }
  return [...new Set(values as DeploymentStatus[])];
}

function parseSkill(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!SKILL_TAG.test(raw)) throw invalid('skill', 'skill must be a lowercase skill tag such as "brand-strategy" (see GET /v1/experts)');
  return raw;
}

// A date, or a date-time with an explicit offset: a time without one would mean server-local time.
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d))?$/;

/** Inclusive bound, normalised to UTC milliseconds (the precision of every timestamp we return). */
function parseCreatedAfter(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  // An unencoded `+` in a query string arrives as a space: "…T10:00:00 02:00" meant "+02:00".
  const text = raw.replace(/ (\d{2}:?\d{2})$/, '+$1');
  const match = ISO_8601.exec(text);
  const parsed = Date.parse(text);
  if (!match || Number.isNaN(parsed) || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    throw invalid('created_after', 'created_after must be an ISO 8601 date or date-time with offset, e.g. 2026-11-01T09:30:00Z');
  }
  return new Date(parsed).toISOString();
}

/** Date.parse accepts 2026-02-30 (as March 2); the calendar does not. */
function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Fewer characters than a trigram cannot use the search index, and would match almost every brief. */
export const SEARCH_MIN_CHARACTERS = 3;

/** A deployment id as is; text trimmed, at least 3 characters; absent or blank means no search. */
function parseSearch(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const text = raw.trim();
  if (text === '') return null;
  if (isId('deployment', text)) return text;
  if ([...text].length < SEARCH_MIN_CHARACTERS) {
    throw invalid('q', `q must be a deployment id or at least ${SEARCH_MIN_CHARACTERS} characters of text to find in the brief; got "${text}"`);
  }
  return text;
}
