import type { ResourceKind } from '../../http/versioning/version-catalog';
import { componentRef, idOf, optionalHeader, type JsonSchema } from './json-schema';
import { deploymentSchema, outputSchema } from './schemas/deployment.schema';
import { errorSchema } from './schemas/error.schema';
import { expertSchema } from './schemas/expert.schema';
import { handoffSchema } from './schemas/handoff.schema';
import { listEnvelopeSchema } from './schemas/list-envelope.schema';
import { deletedMemoryEntrySchema, memoryEntrySchema } from './schemas/memory-entry.schema';
import { usageSchema } from './schemas/usage.schema';
import { DASHBOARD_SCHEMAS } from './schemas/dashboard.schema';

/** Response bodies by component name; request bodies are added per document from the DTOs. */
export const RESOURCE_SCHEMAS: Record<string, JsonSchema> = {
  Deployment: deploymentSchema,
  DeploymentList: listEnvelopeSchema(componentRef('Deployment'), 'A page of deployments, most recent first.'),
  Output: outputSchema,
  Expert: expertSchema,
  ExpertList: listEnvelopeSchema(componentRef('Expert'), 'A page of the active roster.'),
  Usage: usageSchema,
  MemoryEntry: memoryEntrySchema,
  MemoryEntryList: listEnvelopeSchema(componentRef('MemoryEntry'), 'A page of brand memory entries, by key.'),
  DeletedMemoryEntry: deletedMemoryEntrySchema,
  Handoff: handoffSchema,
  Error: errorSchema(),

  ...DASHBOARD_SCHEMAS,
};

/**
 * The component a `@Resource(kind)` tag names; a list of them is `<component>List`. Typed over
 * every kind, so a new resource kind fails the type check until it has a schema.
 */
export const RESOURCE_KIND_COMPONENTS: Record<Exclude<ResourceKind, 'list'>, string> = {
  deployment: 'Deployment',
  memory_entry: 'MemoryEntry',
  handoff: 'Handoff',
};

const integerHeader = (description: string): JsonSchema => ({ description, required: false, schema: { type: 'integer', minimum: 0 } });

/**
 * Response headers by name (docs/decisions.md "REST conventions").
 * The rate-limit headers are optional: 401s carry none, and none are sent while Redis is down
 * (the gateway fails open).
 */
export function responseHeaders(versions: readonly string[]): Record<string, JsonSchema> {
  return {
    'Request-Id': { description: 'This exchange’s id; error bodies repeat it as `request_id`.', required: true, schema: idOf('request') },
    'Service-Version': { description: 'The API version the response is rendered in.', required: true, schema: { type: 'string', enum: [...versions] } },
    'X-RateLimit-Limit': integerHeader('Requests allowed per rolling minute for this key.'),
    'X-RateLimit-Remaining': integerHeader('Requests left in the current window.'),
    'X-RateLimit-Reset': integerHeader('Epoch second when the oldest counted request leaves the window.'),
    'Retry-After': { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 1 } },
    'Idempotent-Replayed': {
      description: '`true` when this is the stored answer of an earlier request with the same `Idempotency-Key`.',
      required: false,
      schema: { type: 'string', enum: ['true'] },
    },
    Location: { description: 'Path of the created resource.', required: true, schema: { type: 'string', pattern: '^/v1/' } },
    'Cache-Control': { description: 'How long the response may be cached.', required: true, schema: { type: 'string' } },
  };
}

/** Header parameters shared by operations. */
export function sharedParameters(versions: readonly string[]): Record<string, JsonSchema> {
  return {
    ServiceVersion: optionalHeader(
      'Service-Version',
      'Pins the API version (a date). Without it the latest answers; an unknown or malformed value is 400 naming `Service-Version`.',
      { type: 'string', enum: [...versions] },
    ),
    // The dashboard calls /v1 with a member's session cookie and names the mode.
    ServiceMode: optionalHeader(
      'Service-Mode',
      'With the console’s session cookie (no `Authorization`): `test` or `live`, required (400 naming `Service-Mode` otherwise). With a key: optional, and 400 if it names the other mode.',
      { type: 'string', enum: ['test', 'live'] },
    ),
    CsrfToken: optionalHeader(
      'X-CSRF-Token',
      'With the console’s session cookie: the session’s `csrf_token`, on every change (403 `csrf_token_invalid` otherwise).',
      { type: 'string' },
    ),
    IdempotencyKey: optionalHeader(
      'Idempotency-Key',
      'Makes a retry safe: the same key and body within 24 h returns the stored answer (`Idempotent-Replayed: true`); the same key with another body is 409 `idempotency_conflict`. Keyed on (workspace, route, key).',
      { type: 'string', pattern: '^[\\x20-\\x7E]{1,255}$' },
    ),
  };
}

export const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A workspace API key: `svc_test_…` (test mode: synthesized output, no billing) or `svc_live_…`. A missing, expired or revoked key is 401 `authentication_failed`.',
  },
  // The dashboard, signed in as a workspace member.
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'eh_session',
    description:
      'A workspace member’s console session (without `Authorization`): acts as the workspace’s key of the mode named in `Service-Mode`; changes need `X-CSRF-Token`.',
  },
};
