import type { ErrorCode } from '@eh/contracts';
import { apiErrorBody } from '../../http/api-error';
import { ERROR_CATALOG } from '../../http/error-catalog';
import type { OperationDoc } from './public-operations';
import type { DiscoveredRoute } from './route-discovery';
import { errorSchema } from './schemas/error.schema';
import type { JsonSchema } from './json-schema';
import type { ResponseObject } from './openapi-document.types';

/** Body-size and media-type refusals: code `invalid_request`, but their own statuses (api-exception.filter.ts). */
const TRANSPORT_STATUSES: Record<number, string> = {
  413: 'The request body is larger than 1 MB.',
  415: 'The request body is not `application/json`.',
};

const EXAMPLE_REQUEST_ID = 'req_01JZ0000000000000000000000';

/**
 * Every error an operation can answer, grouped by HTTP status. The shared ones follow from what
 * the route is: any /v1 request can send a bad `Service-Version` (400) or meet a fault (500); an
 * authenticated one can fail its key (401) or the rate limit (429); a path id can miss (404); an
 * authenticated POST can conflict on its Idempotency-Key (409); a body can be refused (400, 413,
 * 415). The operation catalog adds what is particular to it.
 */
export function errorCodesByStatus(route: DiscoveredRoute, doc: OperationDoc | undefined): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>(['invalid_request', 'internal_error']);
  if (route.authenticated) ['authentication_failed', 'rate_limited'].forEach((code) => codes.add(code as ErrorCode));
  if (route.pathParams.length > 0) codes.add('not_found');
  if (route.authenticated && route.method === 'post') codes.add('idempotency_conflict');
  // A change made with a member's session cookie needs its CSRF token.
  if (route.authenticated && route.method !== 'get') codes.add('csrf_token_invalid');
  for (const code of doc?.errors ?? []) codes.add(code);
  for (const code of doc?.omitErrors ?? []) codes.delete(code);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CATALOG[code].status, [...(byStatus.get(ERROR_CATALOG[code].status) ?? []), code]);
  if (route.body) Object.keys(TRANSPORT_STATUSES).forEach((status) => byStatus.set(Number(status), ['invalid_request']));
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}

export function errorResponses(route: DiscoveredRoute, doc: OperationDoc | undefined, publicBaseUrl: string): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  for (const [status, codes] of errorCodesByStatus(route, doc)) {
    responses[String(status)] = {
      description: TRANSPORT_STATUSES[status] ?? codes.map((code) => `\`${code}\`: ${ERROR_CATALOG[code].description}`).join('\n\n'),
      headers: errorHeaders(route, status, codes),
      content: {
        'application/json': {
          schema: errorSchema(codes),
          examples: Object.fromEntries(
            codes.map((code) => [
              code,
              { value: apiErrorBody(code, TRANSPORT_STATUSES[status] ?? ERROR_CATALOG[code].description, EXAMPLE_REQUEST_ID, publicBaseUrl) },
            ]),
          ),
        },
      },
    };
  }
  return responses;
}

/** The headers an error answer carries (see openapi-components.ts for each). */
function errorHeaders(route: DiscoveredRoute, status: number, codes: readonly ErrorCode[]): Record<string, JsonSchema> {
  const names = ['Request-Id', 'Service-Version'];
  // The rate limit runs after authentication: a 401 carries no X-RateLimit-* headers.
  if (route.authenticated && status !== 401) names.push('X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset');
  if (status === 429 || status === 503) names.push('Retry-After');
  // 4xx answers under an Idempotency-Key are stored and may come back as replays; 5xx are not.
  if (route.authenticated && route.method === 'post' && status < 500 && status !== 401) names.push('Idempotent-Replayed');
  const headers: Record<string, JsonSchema> = Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
  if (codes.includes('idempotency_conflict')) {
    headers['Retry-After'] = {
      description: 'Sent (as 1) when the first request with this key is still running.',
      required: false,
      schema: { type: 'integer', minimum: 1 },
    };
  }
  return headers;
}
