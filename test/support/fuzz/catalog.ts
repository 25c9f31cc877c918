import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner } from '@nestjs/core';
import { GatewayModule } from '../../../apps/gateway/src/gateway.module';
import { dtoComponentName, dtoSchemas } from '../../../apps/gateway/src/docs/openapi/dto-schema';
import { discoverRoutes, type DiscoveredRoute } from '../../../apps/gateway/src/docs/openapi/route-discovery';
import type { Schema, SchemaRegistry } from './schema-arbitrary';

/** Which credential a route takes. `expert-b` is a second expert, so availability changes never take the main one offline. */
export type AuthKind = 'workspace' | 'expert' | 'expert-b' | 'admin' | 'none';
/** What a path parameter names, so the fuzzer can also put real identifiers there. */
export type IdKind = 'deployment' | 'handoff' | 'expert' | 'workspace' | 'delivery' | 'memory' | 'mode' | 'key' | 'code' | 'attachment' | 'token';

export interface PathParam {
  name: string;
  kind: IdKind;
  /** The documented pattern, when the document gives one. */
  pattern?: string;
}

export interface QueryParam {
  name: string;
  schema: Schema;
  /** `?status=a&status=b` (form, explode). */
  repeatable: boolean;
}

export interface Endpoint {
  /** `POST /v1/deployments/:id/cancel`. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Nest style: `/v1/deployments/:id/cancel`. */
  path: string;
  surface: 'public' | 'expert' | 'admin' | 'other';
  auth: AuthKind;
  pathParams: PathParam[];
  query: QueryParam[];
  /** The list refuses parameters it does not know (400 naming them). */
  refusesUnknownQuery: boolean;
  /** null: the route reads no body. `schema` null: it reads one whose shape nothing documents. */
  body: { schema: Schema | null; required: boolean } | null;
  /** Documents `Idempotency-Key` (public POSTs). */
  idempotencyKey: boolean;
  /** `Service-Version` is checked (the public API). */
  versioned: boolean;
  /** Changes state: real identifiers are taken from the victim pools, never the ones the run depends on. */
  mutating: boolean;
}

export interface Catalog {
  endpoints: Endpoint[];
  registry: SchemaRegistry;
  /** The error body schema of the public document. */
  errorSchema: Schema;
  /** Where each body schema came from, for the report. */
  sources: Record<string, 'openapi' | 'expert-openapi' | 'dto' | 'hand-written' | 'none'>;
}

interface OpenApiLike {
  paths: Record<string, Record<string, { parameters?: Schema[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> } }>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Schema> };
}

const SKILL_PATTERN = '^[a-z0-9][a-z0-9+#._-]{0,63}$';
const ISO = { type: 'string', format: 'date-time' };

/** Admin bodies parsed by hand (libs/routing expert-profile.rules.ts), written down as the rules read. */
const PROFILE_PROPERTIES: Record<string, Schema> = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  role: { type: 'string', minLength: 1, maxLength: 200 },
  skills: { type: 'array', minItems: 1, maxItems: 20, items: { type: 'string', pattern: SKILL_PATTERN } },
  tenure_years: { type: 'integer', minimum: 0, maximum: 80 },
  median_turnaround_minutes: { type: 'integer', minimum: 1, maximum: 7 * 24 * 60 },
  rate_credits_per_hour: { type: 'integer', minimum: 0, maximum: 100_000 },
};
const AVAILABILITY: Schema = { type: 'string', enum: ['online', 'busy', 'offline'] };
const HAND_WRITTEN_BODIES: Record<string, Schema> = {
  'POST /admin/v1/experts': {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(PROFILE_PROPERTIES),
    properties: { ...PROFILE_PROPERTIES, availability: AVAILABILITY },
  },
  'PATCH /admin/v1/experts/:id': { type: 'object', additionalProperties: false, properties: PROFILE_PROPERTIES },
  'POST /admin/v1/experts/:id/availability': {
    type: 'object',
    additionalProperties: false,
    required: ['availability'],
    properties: { availability: AVAILABILITY },
  },
};

const LIMIT: Schema = { type: 'integer', minimum: 1, maximum: 100 };
const HAND_WRITTEN_QUERIES: Record<string, QueryParam[]> = {
  'GET /admin/v1/experts/:id/notifications': [
    { name: 'limit', schema: LIMIT, repeatable: false },
    { name: 'cursor', schema: { type: 'string' }, repeatable: false },
  ],
  'GET /expert/v1/assignments': [{ name: 'status', schema: { type: 'string', enum: ['active', 'all'] }, repeatable: false }],
  'GET /admin/v1/webhook-deliveries': [
    { name: 'status', schema: { type: 'string', enum: ['scheduled', 'retrying', 'succeeded', 'failed', 'dead_lettered'] }, repeatable: false },
    { name: 'workspace_id', schema: { type: 'string', minLength: 1 }, repeatable: false },
    { name: 'endpoint_id', schema: { type: 'string', minLength: 1 }, repeatable: false },
    { name: 'event_type', schema: { type: 'string', minLength: 1 }, repeatable: false },
    { name: 'deployment_id', schema: { type: 'string', minLength: 1 }, repeatable: false },
    { name: 'created_after', schema: ISO, repeatable: false },
    { name: 'created_before', schema: ISO, repeatable: false },
    { name: 'limit', schema: LIMIT, repeatable: false },
    { name: 'cursor', schema: { type: 'string' }, repeatable: false },
  ],
};

function idKindOf(route: DiscoveredRoute, name: string): IdKind {
  if (name === 'key') return 'memory';
  if (name === 'mode') return 'mode';
  if (name === 'keyId') return 'key';
  if (name === 'code') return 'code';
  if (name === 'workspaceId') return 'workspace';
  if (name === 'token') return 'token';
  if (/\/attachments\//.test(route.path)) return 'attachment';
  if (/\/handoffs\//.test(route.path)) return 'handoff';
  if (/\/experts\//.test(route.path)) return 'expert';
  if (/\/workspaces\//.test(route.path)) return 'workspace';
  if (/\/webhook-deliveries\//.test(route.path)) return 'delivery';
  return 'deployment';
}

type GuardedRoute = DiscoveredRoute & { guards: string[] };

const joinPath = (...parts: string[]): string =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;
const METHOD_NAMES: Record<number, string> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

/** The guards of each route (`METHOD /path` → class names), controller's and handler's. */
function guardsOf(controller: abstract new (...args: never[]) => object): Map<string, string[]> {
  const names = (guards: unknown): string[] => (Array.isArray(guards) ? guards.map((guard) => (typeof guard === 'function' ? guard.name : String(guard))) : []);
  const own = names(Reflect.getMetadata(GUARDS_METADATA, controller));
  const bases = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '/');
  const prototype = controller.prototype as Record<string, unknown>;
  const found = new Map<string, string[]>();
  for (const name of new MetadataScanner().getAllMethodNames(prototype)) {
    const handler = prototype[name];
    if (typeof handler !== 'function') continue;
    const method = METHOD_NAMES[Reflect.getMetadata(METHOD_METADATA, handler) as number];
    if (!method) continue;
    for (const base of bases)
      for (const path of ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, handler) ?? '/'))
        found.set(`${method} ${joinPath(base, path)}`, [...own, ...names(Reflect.getMetadata(GUARDS_METADATA, handler))]);
  }
  return found;
}

/** Every route the gateway registers, read from its controllers' metadata as the OpenAPI builder does, with its guards. */
export function gatewayRoutes(): GuardedRoute[] {
  // forRoot only lists controllers and providers; nothing here connects to anything.
  const module = GatewayModule.forRoot({ config: { console: {}, attachments: {} }, ledger: {} } as never);
  return ((module.controllers ?? []) as (abstract new (...args: never[]) => object)[]).flatMap((controller) => {
    const guards = guardsOf(controller);
    return discoverRoutes([controller] as never).map((route) => ({ ...route, guards: guards.get(route.key) ?? [] }));
  });
}

const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/**
 * The fuzzer's view of the API: every registered route with its credential, parameters and
 * request schema. Public routes take their schemas from `/v1/openapi.json` as the running
 * gateway serves it; expert routes from `/expert/v1/openapi.json` when the gateway serves one,
 * else, like admin routes, from their DTOs through class-validator-jsonschema (the same
 * conversion the public document uses); the few hand-parsed admin bodies are written out above.
 */
export function buildCatalog(publicDocument: OpenApiLike, expertDocument: OpenApiLike | null): Catalog {
  // Both documents name their error body `Error`; the public one's is what every answer is checked against.
  const registry: SchemaRegistry = { ...(expertDocument?.components.schemas ?? {}), ...publicDocument.components.schemas };
  const sources: Catalog['sources'] = {};
  const endpoints = gatewayRoutes().map((route): Endpoint => {
    const surface: Endpoint['surface'] = route.path.startsWith('/v1')
      ? 'public'
      : route.path.startsWith('/expert/')
        ? 'expert'
        : route.path.startsWith('/admin/')
          ? 'admin'
          : 'other';
    // The expert document also covers the expert console's routes; a route either documents is read from it.
    const document = [publicDocument, expertDocument].find((candidate) => candidate?.paths[openApiPath(route.path)]?.[route.method]) ?? null;
    const operation = document?.paths[openApiPath(route.path)]?.[route.method];
    const parameters = (operation?.parameters ?? []).map((parameter) =>
      typeof parameter.$ref === 'string' ? (document?.components.parameters?.[parameter.$ref.split('/').pop() ?? ''] ?? {}) : parameter,
    ) as { name?: string; in?: string; schema?: Schema; explode?: boolean }[];
    // The credential is the route's guard's: ApiKeyGuard (workspace keys), ExpertGuard, AdminGuard; others (console sessions, signed URLs) take none of them.
    const auth: AuthKind = route.guards.includes('AdminGuard')
      ? 'admin'
      : route.guards.includes('ExpertGuard')
        ? route.path === '/expert/v1/availability'
          ? 'expert-b'
          : 'expert'
        : route.authenticated || route.guards.includes('ApiKeyGuard')
          ? 'workspace'
          : 'none';

    let body: Endpoint['body'] = null;
    if (route.body) {
      const documented = operation?.requestBody?.content?.['application/json']?.schema;
      if (documented) {
        body = { schema: documented, required: operation?.requestBody?.required ?? route.body.required };
        sources[route.key] = document === publicDocument ? 'openapi' : 'expert-openapi';
      } else if (route.body.dto) {
        Object.assign(registry, dtoSchemas(route.body.dto));
        body = { schema: { $ref: `#/components/schemas/${dtoComponentName(route.body.dto.name)}` }, required: route.body.required };
        sources[route.key] = 'dto';
      } else {
        body = { schema: HAND_WRITTEN_BODIES[route.key] ?? null, required: route.body.required };
        sources[route.key] = HAND_WRITTEN_BODIES[route.key] ? 'hand-written' : 'none';
      }
    }
    const documentedQuery = parameters
      .filter((parameter) => parameter.in === 'query' && parameter.name)
      .map(
        (parameter): QueryParam => ({
          name: parameter.name as string,
          schema: parameter.schema ?? { type: 'string' },
          repeatable: parameter.schema?.type === 'array',
        }),
      );
    const query = documentedQuery.length > 0 ? documentedQuery : (HAND_WRITTEN_QUERIES[route.key] ?? []);
    const pathPatterns = Object.fromEntries(
      parameters.filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, parameter.schema?.pattern]),
    );
    return {
      key: route.key,
      method: route.method.toUpperCase() as Endpoint['method'],
      path: route.path,
      surface,
      auth,
      pathParams: route.pathParams.map((name) => ({
        name,
        kind: idKindOf(route, name),
        pattern: typeof pathPatterns[name] === 'string' ? (pathPatterns[name] as string) : undefined,
      })),
      query,
      // Public lists refuse unknown parameters (list-query.rules.ts), as does the deliveries list; other routes ignore them.
      refusesUnknownQuery:
        (surface === 'public' && query.length > 0) ||
        route.key === 'GET /admin/v1/webhook-deliveries' ||
        route.key === 'GET /admin/v1/experts/:id/notifications',
      body,
      idempotencyKey: parameters.some((parameter) => parameter.name === 'Idempotency-Key'),
      versioned: surface === 'public',
      mutating: route.method !== 'get',
    };
  });
  const errorSchema = publicDocument.components.schemas.Error;
  if (!errorSchema) throw new Error('the public OpenAPI document has no Error schema');
  return { endpoints, registry, errorSchema, sources };
}
