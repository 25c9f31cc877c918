import type { ErrorCode } from '@eh/contracts';
import { apiErrorBody } from '../../../http/api-error';
import { ERROR_CATALOG } from '../../../http/error-catalog';
import { dtoComponentName, dtoSchemas } from '../dto-schema';
import { componentRef, optionalHeader, type JsonSchema } from '../json-schema';
import { openApiPath } from '../openapi-document.builder';
import type { OpenApiDocument, OperationObject, ResponseObject } from '../openapi-document.types';
import type { DiscoveredRoute } from '../route-discovery';
import { errorSchema } from '../schemas/error.schema';
import type { AdminOperationDoc } from './admin-operations';
import { ADMIN_SCHEMAS } from './admin.schemas';

/** The operations API is `/admin/v1`; the document about it is not part of it. */
export const isAdminDocumentRoute = (route: DiscoveredRoute): boolean => /^\/admin\/v1(\/|$)/.test(route.path) && route.path !== '/admin/v1/openapi.json';

const EXAMPLE_REQUEST_ID = 'req_01JZ0000000000000000000000';

/** `GET /admin/v1/webhook-deliveries/:id` → `Webhook deliveries`, the tag of its resource. */
const tagOf = (path: string): string => {
  const segment = path.split('/')[3] ?? 'admin';
  return segment.replace(/[-_]/g, ' ').replace(/^./, (first) => first.toUpperCase());
};

const operationIdOf = (route: DiscoveredRoute): string =>
  `admin${route.method[0].toUpperCase()}${route.method.slice(1)}${route.path.slice('/admin/v1'.length).replace(/[^a-zA-Z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`;

function errorResponses(route: DiscoveredRoute, publicBaseUrl: string): Record<string, ResponseObject> {
  const codes: ErrorCode[] = ['invalid_request', 'authentication_failed', 'rate_limited', 'internal_error'];
  if (route.method !== 'get') codes.push('csrf_token_invalid', 'invalid_state_transition');
  if (route.method === 'post') codes.push('idempotency_conflict');
  if (route.pathParams.length > 0) codes.push('not_found');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CATALOG[code].status, [...(byStatus.get(ERROR_CATALOG[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((code) => `\`${code}\`: ${ERROR_CATALOG[code].description}`).join('\n\n'),
          content: {
            'application/json': {
              schema: errorSchema(list),
              examples: Object.fromEntries(
                list.map((code) => [code, { value: apiErrorBody(code, ERROR_CATALOG[code].description, EXAMPLE_REQUEST_ID, publicBaseUrl) }]),
              ),
            },
          },
        },
      ]),
  );
}

/**
 * `GET /admin/v1/openapi.json`: the operations API, for the console's operations pages
 * (an operator's session cookie) and for scripts (the admin credential). Paths, methods, statuses,
 * path parameters and request bodies come from the routes as registered; answers and list queries
 * from ADMIN_OPERATIONS (the console generates its operations client from them), errors by what
 * every route can say.
 */
export function buildAdminDocument(routes: readonly DiscoveredRoute[], options: { publicBaseUrl: string; version: string }): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { ...ADMIN_SCHEMAS, Error: errorSchema() };
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes.filter(isAdminDocumentRoute)) {
    const doc = (route.doc as AdminOperationDoc | null) ?? undefined;
    const parameters: JsonSchema[] = [
      ...route.pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...(doc?.query ?? []),
      ...(route.method !== 'get' ? [{ $ref: '#/components/parameters/CsrfToken' }] : []),
      ...(route.method === 'post' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ];
    let requestBody: OperationObject['requestBody'];
    if (doc?.requestBody) requestBody = { required: true, content: { 'application/json': { schema: doc.requestBody } } };
    else if (route.body) {
      let schema: JsonSchema = { type: 'object' };
      if (route.body.dto) {
        for (const [name, found] of Object.entries(dtoSchemas(route.body.dto))) schemas[name] ??= found;
        schema = componentRef(dtoComponentName(route.body.dto.name));
      }
      requestBody = { required: route.body.required, content: { 'application/json': { schema } } };
    }
    const success: Record<string, ResponseObject> =
      route.successStatus === 204
        ? { '204': { description: 'Done' } }
        : { [String(route.successStatus)]: { description: 'Success', content: { 'application/json': { schema: doc?.response ?? { type: 'object' } } } } };
    const operation: OperationObject = {
      operationId: operationIdOf(route),
      tags: [tagOf(route.path)],
      summary: `${route.method.toUpperCase()} ${route.path}`,
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses: { ...success, ...errorResponses(route, options.publicBaseUrl) },
    };
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Expert Handoff Service: operations API',
      version: options.version,
      description:
        'What operations use: workspaces, keys, accounts, the roster, webhook deliveries and dead letters across workspaces, limit requests, operators. With `Bearer $ADMIN_API_KEY`, or an operator’s console session cookie (then `X-CSRF-Token` on every change).',
    },
    servers: [{ url: options.publicBaseUrl }],
    security: [{ adminBearer: [] }, { sessionCookie: [] }],
    tags: [...new Set(Object.keys(paths).map(tagOf))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      parameters: {
        CsrfToken: optionalHeader('X-CSRF-Token', 'With an operator’s session cookie: the session’s `csrf_token`.', { type: 'string' }),
        IdempotencyKey: optionalHeader(
          'Idempotency-Key',
          'Up to 255 characters; the same request with the same key within 24 h answers the first answer again (409 `idempotency_conflict` with another body). Slots are the admin credential’s, or each operator’s.',
          { type: 'string', minLength: 1, maxLength: 255 },
        ),
      },
      headers: {},
      securitySchemes: {
        adminBearer: { type: 'http', scheme: 'bearer', description: 'The operations credential, `ADMIN_API_KEY`.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'eh_session', description: 'An operator’s console session.' },
      },
    },
  };
}
