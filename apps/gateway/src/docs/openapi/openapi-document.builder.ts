import { dtoComponentName, dtoSchemas } from './dto-schema';
import { errorResponses } from './error-responses';
import { componentRef, type JsonSchema } from './json-schema';
import { RESOURCE_KIND_COMPONENTS, RESOURCE_SCHEMAS, SECURITY_SCHEMES, responseHeaders, sharedParameters } from './openapi-components';
import type { OpenApiDocument, OperationObject, ResponseObject } from './openapi-document.types';
import { A2A_SCHEMAS, a2aPaths } from '../../a2a/a2a.openapi';
import type { OperationDoc } from './public-operations';
import type { DiscoveredRoute } from './route-discovery';

export interface DocumentOptions {
  publicBaseUrl: string;
  /** Every supported `Service-Version`, oldest first; the last is `info.version`. */
  versions: readonly string[];
}

/** The public API is `/v1`; `/admin`, `/expert`, `/health` and `/docs` are not part of it. */
export const isPublicRoute = (route: DiscoveredRoute): boolean => /^\/v1(\/|$)/.test(route.path);

/** Nest's `:id` is OpenAPI's `{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

const TAGS = [
  { name: 'Deployments', description: 'Hand a unit of work to one human expert and follow it to its output.' },
  { name: 'Experts', description: 'The active roster and the skill tags it covers.' },
  { name: 'Usage', description: 'Workspace credits, for agents gating themselves.' },
  { name: 'Brand memory', description: 'Positioning, voice and prior outputs the experts work with.' },
  { name: 'Handoffs', description: 'The second surface: a handoff from an AI product at the point where judgment is needed.' },
  { name: 'Attachments', description: 'Files experts attach to outputs, downloaded through the signed URLs outputs carry.' },
  { name: 'Webhooks', description: 'Endpoints, signing secrets, deliveries with every attempt, and replay of dead letters.' },
  { name: 'Events', description: 'A deployment’s events, and live streams of them, in the webhook body’s shape.' },
  { name: 'A2A', description: 'The service as an Agent2Agent remote agent: the agent card and the JSON-RPC endpoint, where a task is a deployment.' },
  { name: 'Meta', description: 'This document.' },
];

/**
 * OpenAPI 3.1 for the public routes, from the routes as registered (paths, methods, status codes,
 * guards, body DTOs) and each route's own description, kept beside its controller
 * (`<controller>.openapi.ts`: prose, success bodies, particular errors).
 */
export function buildOpenApiDocument(routes: readonly DiscoveredRoute[], options: DocumentOptions): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { ...RESOURCE_SCHEMAS, ...A2A_SCHEMAS };
  // The A2A routes are described by hand (a2a/a2a.openapi.ts): one JSON-RPC route carries every method.
  const paths: OpenApiDocument['paths'] = { ...a2aPaths(options.publicBaseUrl) };
  for (const route of routes.filter(isPublicRoute)) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route, (route.doc as OperationDoc | null) ?? undefined, schemas, options.publicBaseUrl) };
  }
  const latest = options.versions[options.versions.length - 1];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Expert Handoff Service',
      version: latest,
      description: `Hand a unit of work from an automated agent to one human expert and get a typed answer back. Versioned by date with the \`Service-Version\` header (supported: ${options.versions.join(', ')}; latest ${latest}). Error bodies: \`{"error": {type, code, message, param?, request_id, docs_url}}\`.`,
    },
    servers: [{ url: options.publicBaseUrl }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    tags: TAGS,
    paths,
    components: { schemas, parameters: sharedParameters(options.versions), headers: responseHeaders(options.versions), securitySchemes: SECURITY_SCHEMES },
  };
}

function operation(route: DiscoveredRoute, doc: OperationDoc | undefined, schemas: Record<string, JsonSchema>, publicBaseUrl: string): OperationObject {
  const idempotent = route.authenticated && route.method === 'post';
  const parameters: JsonSchema[] = [
    ...route.pathParams.map((name) => ({ name, in: 'path', required: true, schema: doc?.pathParams?.[name] ?? { type: 'string' } })),
    ...(doc?.query ?? []),
    { $ref: '#/components/parameters/ServiceVersion' },
    ...(idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    // A member's session names the mode, and signs its changes.
    ...(route.authenticated ? [{ $ref: '#/components/parameters/ServiceMode' }] : []),
    ...(route.authenticated && route.method !== 'get' ? [{ $ref: '#/components/parameters/CsrfToken' }] : []),
  ];
  return {
    operationId: doc?.operationId ?? `${route.method}${route.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`,
    tags: [doc?.tag ?? 'Undescribed'],
    summary: doc?.summary ?? `${route.method.toUpperCase()} ${route.path}`,
    ...(doc?.description ? { description: doc.description } : {}),
    ...(route.authenticated ? {} : { security: [] }),
    parameters,
    ...(route.body ? { requestBody: requestBody(route.body, schemas) } : {}),
    responses: { ...successResponses(route, doc), ...errorResponses(route, doc, publicBaseUrl) },
  };
}

/** The body schema is registered once per DTO, named after it (`CreateDeploymentDto` → `CreateDeploymentRequest`). */
function requestBody(body: NonNullable<DiscoveredRoute['body']>, schemas: Record<string, JsonSchema>): NonNullable<OperationObject['requestBody']> {
  let schema: JsonSchema = { type: 'object' };
  if (body.dto) {
    for (const [name, found] of Object.entries(dtoSchemas(body.dto))) schemas[name] ??= found;
    schema = componentRef(dtoComponentName(body.dto.name));
  }
  return { required: body.required, content: { 'application/json': { schema } } };
}

function successResponses(route: DiscoveredRoute, doc: OperationDoc | undefined): Record<string, ResponseObject> {
  const shared = ['Request-Id', 'Service-Version', ...(route.authenticated ? ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] : [])];
  if (route.authenticated && route.method === 'post') shared.push('Idempotent-Replayed');
  const statuses = Object.entries(doc?.success ?? { [route.successStatus]: [] });
  return Object.fromEntries(
    statuses.map(([status, extra]) => [
      status,
      {
        description: doc?.summary ?? 'Success',
        headers: Object.fromEntries([...shared, ...extra].map((name) => [name, { $ref: `#/components/headers/${name}` }])),
        content: doc?.content ?? { 'application/json': { schema: successSchema(route, doc) } },
      },
    ]),
  );
}

/** The catalog's body, else the one the route's `@Resource` tag names, else an undescribed object. */
function successSchema(route: DiscoveredRoute, doc: OperationDoc | undefined): JsonSchema {
  if (doc?.response) return doc.response;
  const kind = route.resource?.kind === 'list' ? route.resource.itemKind : route.resource?.kind;
  const component = kind && kind !== 'list' ? RESOURCE_KIND_COMPONENTS[kind] : undefined;
  if (component) return componentRef(route.resource?.kind === 'list' ? `${component}List` : component);
  return { type: 'object', description: 'Not described yet: describe this route beside its controller (<controller>.openapi.ts).' };
}
