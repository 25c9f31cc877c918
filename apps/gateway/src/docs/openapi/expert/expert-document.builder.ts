import type { ErrorCode } from '@eh/contracts';
import { ConsoleSessionGuard } from '../../../http/guards/console-session.guard';
import { ExpertGuard } from '../../../http/guards/expert.guard';
import { MemberGuard } from '../../../http/guards/member.guard';
import { apiErrorBody } from '../../../http/api-error';
import { ERROR_CATALOG } from '../../../http/error-catalog';
import { dtoComponentName, dtoSchemas } from '../dto-schema';
import { componentRef, idOf, optionalHeader, type JsonSchema } from '../json-schema';
import { openApiPath } from '../openapi-document.builder';
import type { OpenApiDocument, OperationObject, ResponseObject } from '../openapi-document.types';
import type { DiscoveredRoute } from '../route-discovery';
import { errorSchema } from '../schemas/error.schema';
import { EXPERT_SCHEMAS } from './expert-console.schemas';
import type { ExpertOperationDoc } from './expert-operations';

/** The expert document covers the expert API and the console's auth API; /v1 has its own. */
export const isExpertDocumentRoute = (route: DiscoveredRoute): boolean => /^\/(expert\/v1|console\/api\/v1)(\/|$)/.test(route.path);

type Credential = 'expert' | 'session' | 'none';

const credentialOf = (route: DiscoveredRoute): Credential =>
  route.guards.includes(ExpertGuard) ? 'expert' : route.guards.includes(ConsoleSessionGuard) || route.guards.includes(MemberGuard) ? 'session' : 'none';
const SECURITY: Record<Credential, Record<string, string[]>[]> = {
  expert: [{ expertBearer: [] }, { sessionCookie: [] }],
  session: [{ sessionCookie: [] }],
  none: [],
};
const changes = (route: DiscoveredRoute): boolean => route.method !== 'get';

const TAGS = [
  { name: 'Work', description: 'Offers, assigned work and its actions: what the expert does.' },
  { name: 'Files and drafts', description: 'Uploads for outputs, and the draft that survives a reload.' },
  { name: 'Live updates', description: 'Server-sent events saying what changed.' },
  { name: 'Notifications', description: 'E-mail and Web Push when something needs you: an offer, a reply, a cancellation.' },
  { name: 'Console sign-in', description: 'Invitations, passwords and sessions of people using the console.' },
  {
    name: 'Workspace',
    description:
      'A workspace member’s dashboard: the workspace, its team, API keys, audit log and limit requests. The partner API itself is /v1 (its own document), called with the same session and `Service-Mode`.',
  },
  { name: 'Meta', description: 'This document.' },
];

const EXAMPLE_REQUEST_ID = 'req_01JZ0000000000000000000000';

const HEADERS: Record<string, JsonSchema> = {
  'Request-Id': { description: 'This exchange’s id; error bodies repeat it as `request_id`.', required: true, schema: idOf('request') },
  'Retry-After': { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 1 } },
  'Set-Cookie': {
    description: '`eh_session=…; HttpOnly; SameSite=Strict; Path=/` (and `Secure` over https): the session.',
    required: true,
    schema: { type: 'string' },
  },
};

/**
 * OpenAPI 3.1 for `/expert/v1` and `/console/api/v1`, built like the public document from
 * the routes Nest registered (paths, methods, statuses, guards, body DTOs) plus the catalog above
 * (prose, bodies, particular errors). Two credentials: the expert's bearer key, for tools, and the
 * console's session cookie, which needs `X-CSRF-Token` on every change.
 */
export function buildExpertDocument(routes: readonly DiscoveredRoute[], options: { publicBaseUrl: string; version: string }): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { ...EXPERT_SCHEMAS };
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes.filter(isExpertDocumentRoute)) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route, (route.doc as ExpertOperationDoc | null) ?? undefined, schemas, options.publicBaseUrl) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Expert Handoff Service: expert API and console sign-in',
      version: options.version,
      description:
        'What experts use: the expert API (`/expert/v1`, with `Bearer svc_expert_…` or the console’s session cookie) and the console’s sign-in API (`/console/api/v1`). Requests authenticated by the cookie must send the session’s `csrf_token` as `X-CSRF-Token` on every change (403 `csrf_token_invalid` otherwise). Error bodies: `{"error": {type, code, message, param?, request_id, docs_url}}`.',
    },
    servers: [{ url: options.publicBaseUrl }],
    security: SECURITY.expert,
    tags: TAGS,
    paths,
    components: {
      schemas,
      parameters: {
        CsrfToken: optionalHeader('X-CSRF-Token', 'The session’s `csrf_token`: required when the request is authenticated by the session cookie.', {
          type: 'string',
        }),
      },
      headers: HEADERS,
      securitySchemes: {
        expertBearer: { type: 'http', scheme: 'bearer', description: 'The expert’s own credential, `svc_expert_…` (tools and scripts).' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'eh_session', description: 'The console’s session, set by signing in; HttpOnly.' },
      },
    },
  };
}

function operation(route: DiscoveredRoute, doc: ExpertOperationDoc | undefined, schemas: Record<string, JsonSchema>, publicBaseUrl: string): OperationObject {
  const credential = credentialOf(route);
  const parameters: JsonSchema[] = [
    ...route.pathParams.map((name) => ({ name, in: 'path', required: true, schema: doc?.pathParams?.[name] ?? { type: 'string' } })),
    ...(doc?.query ?? []),
    ...(credential !== 'none' && changes(route) ? [{ $ref: '#/components/parameters/CsrfToken' }] : []),
  ];
  return {
    operationId: doc?.operationId ?? `${route.method}${route.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`,
    tags: [doc?.tag ?? 'Undescribed'],
    summary: doc?.summary ?? `${route.method.toUpperCase()} ${route.path}`,
    ...(doc?.description ? { description: doc.description } : {}),
    ...(credential === 'expert' ? {} : { security: SECURITY[credential] }),
    parameters,
    ...(requestBody(route, doc, schemas) ?? {}),
    responses: { ...success(route, doc), ...errors(route, doc, credential, publicBaseUrl) },
  };
}

function requestBody(
  route: DiscoveredRoute,
  doc: ExpertOperationDoc | undefined,
  schemas: Record<string, JsonSchema>,
): Pick<OperationObject, 'requestBody'> | null {
  if (doc?.requestBody) return { requestBody: doc.requestBody };
  if (!route.body) return null;
  let schema: JsonSchema = { type: 'object' };
  if (route.body.dto) {
    for (const [name, found] of Object.entries(dtoSchemas(route.body.dto))) schemas[name] ??= found;
    schema = componentRef(dtoComponentName(route.body.dto.name));
  }
  return { requestBody: { required: route.body.required, content: { 'application/json': { schema } } } };
}

function success(route: DiscoveredRoute, doc: ExpertOperationDoc | undefined): Record<string, ResponseObject> {
  const headers: Record<string, JsonSchema> = {
    'Request-Id': { $ref: '#/components/headers/Request-Id' },
    ...(doc?.setsCookie ? { 'Set-Cookie': { $ref: '#/components/headers/Set-Cookie' } } : {}),
  };
  const description = doc?.summary ?? 'Success';
  if (route.successStatus === 204) return { '204': { description, headers } };
  const content = doc?.content ?? {
    'application/json': {
      schema: doc?.response ?? { type: 'object', description: 'Not described yet: describe this route beside its controller (<controller>.openapi.ts).' },
    },
  };
  return { [String(route.successStatus)]: { description, headers, content } };
}

/** Shared errors follow from the route: a body or query can be refused, a credential missing, a path id unknown, a cookie change unsigned. */
export function expertErrorCodes(
  route: DiscoveredRoute,
  doc: ExpertOperationDoc | undefined,
  credential: Credential = credentialOf(route),
): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>(['invalid_request', 'internal_error']);
  // Both credentials can fail; failed authentications are throttled per address (429).
  if (credential !== 'none') ['authentication_failed', 'rate_limited'].forEach((code) => codes.add(code as ErrorCode));
  if (credential !== 'none' && changes(route)) codes.add('csrf_token_invalid');
  if (route.pathParams.length > 0) codes.add('not_found');
  for (const code of doc?.errors ?? []) codes.add(code);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CATALOG[code].status, [...(byStatus.get(ERROR_CATALOG[code].status) ?? []), code]);
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}

function errors(route: DiscoveredRoute, doc: ExpertOperationDoc | undefined, credential: Credential, publicBaseUrl: string): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  for (const [status, codes] of expertErrorCodes(route, doc, credential)) {
    const headers: Record<string, JsonSchema> = {
      'Request-Id': { $ref: '#/components/headers/Request-Id' },
      ...(status === 429 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}),
    };
    const describe = (code: ErrorCode): string => ERROR_CATALOG[code].description;
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${describe(code)}`).join('\n\n'),
      headers,
      content: {
        'application/json': {
          schema: errorSchema(codes),
          examples: Object.fromEntries(codes.map((code) => [code, { value: apiErrorBody(code, describe(code), EXAMPLE_REQUEST_ID, publicBaseUrl) }])),
        },
      },
    };
  }
  return responses;
}
