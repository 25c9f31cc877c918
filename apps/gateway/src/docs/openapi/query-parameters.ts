import { DEPLOYMENT_STATUSES, MEMORY_KINDS } from '@eh/contracts';
import { SKILL_TAG } from '../../deployments/deployment-fields';
import { LIST_LIMIT } from '../../http/list-query.rules';
import type { JsonSchema } from './json-schema';

/**
 * Query parameters of the list routes. Those routes validate their query by hand
 * (list-deployments.query.ts, list-experts.query.ts), not with a DTO, so the parameters are
 * written here from the same constants; openapi-document.spec.ts checks the names against the
 * parsers' own list of accepted parameters.
 */
// A type, not an interface, so that a parameter is also a JsonSchema (the expert document's query lists).
export type QueryParameter = {
  name: string;
  in: 'query';
  description: string;
  required: false;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
};

const limit: QueryParameter = {
  name: 'limit',
  in: 'query',
  required: false,
  description: `Page size, ${LIST_LIMIT.min} to ${LIST_LIMIT.max}; outside that range is 400 (not clamped).`,
  schema: { type: 'integer', minimum: LIST_LIMIT.min, maximum: LIST_LIMIT.max, default: LIST_LIMIT.default },
};

const cursor: QueryParameter = {
  name: 'cursor',
  in: 'query',
  required: false,
  description: 'Opaque cursor: the `next` of the previous page. Given once.',
  schema: { type: 'string' },
};

/** An optional bound in time: an ISO 8601 date (`YYYY-MM-DD`) or a date-time with its offset. */
export const dateOrDateTimeQuery = (name: string, description: string): QueryParameter => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: {
    anyOf: [
      { type: 'string', format: 'date' },
      { type: 'string', format: 'date-time' },
    ],
  },
});

export const LIST_DEPLOYMENTS_QUERY: QueryParameter[] = [
  {
    name: 'status',
    in: 'query',
    required: false,
    description: 'Only deployments in any of these states; repeat the parameter for several (`?status=pending&status=accepted`). Comma lists are refused.',
    style: 'form',
    explode: true,
    schema: { type: 'array', items: { type: 'string', enum: [...DEPLOYMENT_STATUSES] } },
  },
  {
    name: 'skill',
    in: 'query',
    required: false,
    description: 'Only deployments whose `skills` contain this exact tag. Given once.',
    schema: { type: 'string', pattern: SKILL_TAG.source },
  },
  dateOrDateTimeQuery('created_after', 'Inclusive lower bound on `created_at`: an ISO 8601 date (UTC midnight) or a date-time with an explicit offset.'),
  {
    name: 'q',
    in: 'query',
    required: false,
    description:
      'Search: a deployment id (`dep_…`) finds that deployment; any other text (at least 3 characters, trimmed) finds deployments whose brief contains it, case-insensitively. Combines with the other filters; the cursor keeps it. Given once.',
    schema: { type: 'string', minLength: 3 },
  },
  limit,
  cursor,
];

export const LIST_EXPERTS_QUERY: QueryParameter[] = [limit, cursor];

export const LIST_MEMORY_QUERY: QueryParameter[] = [
  { name: 'kind', in: 'query', required: false, description: 'Only entries of this kind. Given once.', schema: { type: 'string', enum: [...MEMORY_KINDS] } },
  limit,
  cursor,
];
