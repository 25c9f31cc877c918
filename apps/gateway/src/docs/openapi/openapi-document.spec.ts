import { ERROR_CODES } from '@eh/contracts';
import { ledgerPolicy, unopenedUsage } from '@eh/ledger';
import { parseListQuery } from '../../deployments/list-deployments.query';
import { parseListExpertsQuery } from '../../experts/list-experts.query';
import { parseListMemoryQuery } from '../../memory/list-memory.query';
import { apiErrorBody } from '../../http/api-error';
import { API_VERSION_CATALOG } from '../../http/versioning/api-versions';
import { isPublicRoute, openApiPath } from './openapi-document.builder';
import type { OpenApiDocument, OperationObject } from './openapi-document.types';
import type { HttpMethod } from './route-discovery';
import { operationAt, operationsOf, type DocumentedOperation } from './testing/document-operations';
import { servedDocument, type OfflineGateway } from './testing/offline-gateway';
import { DocumentedResponses, openApiSchemaErrors } from './testing/openapi-validators';

describe('GET /v1/openapi.json: OpenAPI 3.1 generated from the registered routes', () => {
  let gateway: OfflineGateway;
  let document: OpenApiDocument;
  let documented: DocumentedResponses;

  const A2A_PATHS = ['/.well-known/agent-card.json', '/a2a/v1'];
  /** The REST operations, generated from the routes; the A2A ones are checked apart. */
  const operations = (): DocumentedOperation[] => allOperations().filter(([path]) => !A2A_PATHS.includes(path));
  const allOperations = (): DocumentedOperation[] => operationsOf(document);
  const publicRoutes = (): string[] => gateway.routes.filter((route) => / \/v1(\/|$)/.test(route));
  const op = (method: HttpMethod, path: string): OperationObject => operationAt(document, method, path);

  beforeAll(async () => {
    ({ gateway, document } = await servedDocument('/v1/openapi.json'));
    documented = new DocumentedResponses(document);
  });
  afterAll(() => gateway?.app.close());

  it('is served without a key, as JSON, without rate-limit headers, in the latest version', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    expect(response.headers['service-version']).toBe(API_VERSION_CATALOG.versions.at(-1));
  });

  it('is a valid OpenAPI 3.1 document (the official schema), versioned and addressed from configuration', () => {
    expect(openApiSchemaErrors(document)).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(API_VERSION_CATALOG.versions.at(-1));
    expect(document.servers).toEqual([{ url: gateway.config.publicBaseUrl }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents every public route Fastify registered, and nothing else', () => {
    const documentedRoutes = operations().map(([path, method]) => `${method.toUpperCase()} ${path}`);
    expect(documentedRoutes.sort()).toEqual(
      publicRoutes()
        .map((route) => {
          const [method, path] = route.split(' ');
          return `${method} ${openApiPath(path)}`;
        })
        .sort(),
    );
    expect(documentedRoutes.filter((route) => !/ \/v1\//.test(route))).toEqual([]);
  });

  it('describes every public route beside its controller (@PublicOperation), and reads the routes Fastify registered', () => {
    const discovered = gateway.discovered.filter(isPublicRoute);
    expect(discovered.filter((route) => !route.doc).map((route) => route.key)).toEqual([]);
    expect(discovered.map((route) => route.key).sort()).toEqual(publicRoutes().sort());
  });

  it('documents the A2A agent card (no key) and the JSON-RPC endpoint (the bearer key), answers in JSON-RPC’s shape', () => {
    expect(op('get', '/.well-known/agent-card.json')).toMatchObject({ tags: ['A2A'], security: [] });
    const rpc = op('post', '/a2a/v1');
    expect(rpc.security).toBeUndefined();
    expect(Object.keys(rpc.responses)).toEqual(['200', '401', '429', '500']);
    expect(Object.keys(rpc.responses['200'].content ?? {})).toEqual(['application/json', 'text/event-stream']);
    expect(gateway.routes).toEqual(expect.arrayContaining(['GET /.well-known/agent-card.json', 'POST /a2a/v1']));
  });

  it('compiles every schema in Ajv strict mode, and every error example matches its response', () => {
    expect(documented.exampleProblems(allOperations())).toEqual([]);
  });

  it('lists on every operation Service-Version, on authenticated POSTs Idempotency-Key, and the documented headers on answers', () => {
    for (const [path, method, operation] of operations()) {
      const refs = operation.parameters.map((parameter) => parameter.$ref);
      expect([path, refs.includes('#/components/parameters/ServiceVersion')]).toEqual([path, true]);
      const authenticated = operation.security === undefined;
      expect([path, method, refs.includes('#/components/parameters/IdempotencyKey')]).toEqual([path, method, authenticated && method === 'post']);
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
      expect(Object.keys(success?.[1].headers ?? {})).toEqual(
        expect.arrayContaining([
          'Request-Id',
          'Service-Version',
          ...(authenticated ? ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] : []),
        ]),
      );
      if (authenticated) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '429', '500']));
      for (const status of ['429', '503']) if (operation.responses[status]) expect(operation.responses[status].headers?.['Retry-After']).toBeDefined();
    }
    expect(op('get', '/v1/openapi.json')).toMatchObject({ security: [] });
    expect(op('get', '/v1/openapi.json').responses['401']).toBeUndefined();
  });

  it('documents the particular errors of each operation, with the codes each status can carry', () => {
    const codes = (method: HttpMethod, path: string, status: string): unknown => {
      const schema = op(method, path).responses[status]?.content?.['application/json'].schema as {
        properties: { error: { properties: { code: { enum: string[] } } } };
      };
      return schema?.properties.error.properties.code.enum;
    };
    expect(Object.keys(op('post', '/v1/deployments').responses)).toEqual(['201', '400', '401', '402', '403', '409', '413', '415', '422', '429', '500', '503']);
    // A change made with a member's session cookie needs its CSRF token.
    expect(codes('post', '/v1/deployments', '403')).toEqual(['csrf_token_invalid']);
    expect(codes('post', '/v1/deployments', '429')).toEqual(['rate_limited', 'in_flight_limit_reached']);
    expect(codes('post', '/v1/deployments/{id}/cancel', '409')).toEqual(['idempotency_conflict', 'deployment_not_cancellable']);
    expect(codes('post', '/v1/deployments/{id}/reply', '409')).toEqual(['idempotency_conflict', 'deployment_not_awaiting_input']);
    expect(Object.keys(op('get', '/v1/deployments/{id}').responses)).toEqual(['200', '400', '401', '404', '429', '500']);
    expect(op('post', '/v1/deployments').responses['201'].headers?.Location).toBeDefined();
  });

  it('derives request bodies from the DTOs’ class-validator rules', () => {
    const create = document.components.schemas.CreateDeploymentRequest;
    expect(create).toMatchObject({ type: 'object', additionalProperties: false, required: ['brief', 'skills'] });
    const validate = documented.compile(create);
    expect(validate({ brief: 'Write a tagline.', skills: ['copywriting'], metadata: { order: 'A-17' } })).toBe(true);
    expect(validate({ brief: 'x', skills: ['Not A Tag'] })).toBe(false);
    expect(validate({ brief: 'x', skills: ['a'], webhookurl: 'https://x.test' })).toBe(false);
    expect(validate({ brief: 'x', skills: ['a'], metadata: { nested: { no: 1 } } })).toBe(false);
    expect(op('post', '/v1/deployments/{id}/cancel').requestBody).toMatchObject({ required: false });
    expect(op('post', '/v1/deployments/{id}/reply').requestBody).toMatchObject({ required: true });
    expect(op('get', '/v1/deployments').requestBody).toBeUndefined();
  });

  it('names the same query parameters the list parsers accept; status repeats (form, explode)', () => {
    const accepted = (parse: () => unknown): string[] => {
      try {
        parse();
      } catch (error) {
        return String((error as Error).message.split('accepted: ')[1]).split(', ');
      }
      throw new Error('an unknown parameter was accepted');
    };
    const names = (method: HttpMethod, path: string): unknown[] =>
      op(method, path)
        .parameters.filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
    expect(names('get', '/v1/deployments')).toEqual(accepted(() => parseListQuery({ zzz: '1' })));
    expect(names('get', '/v1/experts')).toEqual(accepted(() => parseListExpertsQuery({ zzz: '1' })));
    expect(names('get', '/v1/memory')).toEqual(accepted(() => parseListMemoryQuery({ zzz: '1' })));
    expect(op('get', '/v1/deployments').parameters.find((parameter) => parameter.name === 'status')).toMatchObject({
      style: 'form',
      explode: true,
      schema: { type: 'array' },
    });
  });

  it('flags what departs from the document: a body, a missing header, an undocumented status', () => {
    const headers = new Headers({ 'request-id': 'req_01JZ0000000000000000000000', 'service-version': API_VERSION_CATALOG.versions.at(-1) ?? '' });
    expect(documented.check('get', '/v1/usage', 200, { object: 'usage' }, headers).join('\n')).toContain("must have required property 'credits_remaining'");
    expect(documented.check('get', '/v1/usage', 200, {}, new Headers()).join('\n')).toContain('header Request-Id is missing');
    expect(documented.check('get', '/v1/usage', 418, {}, headers)).toEqual(['GET /v1/usage does not document status 418']);
  });

  it('documents bodies the code builds: every error code, and a fresh account’s usage', () => {
    const error = documented.compile(document.components.schemas.Error);
    for (const code of ERROR_CODES)
      expect([code, error(apiErrorBody(code, 'm', 'req_01JZ0000000000000000000000', 'https://x.test', 'p'))]).toEqual([code, true]);
    const usage = documented.compile(document.components.schemas.Usage);
    const plan = ledgerPolicy(gateway.config.ledger).standardPlan;
    expect([usage(unopenedUsage('2026-11-01T00:00:00.000Z', plan)), usage.errors]).toEqual([true, null]);
  });

  it('offers a partner’s bulk replay only its own workspace’s filters, never the operators’ workspace_id', () => {
    const replay = document.components.schemas.BulkReplayRequest as { properties: Record<string, unknown> };
    expect(Object.keys(replay.properties).sort()).toEqual(['created_after', 'created_before', 'deployment_id', 'endpoint_id', 'event_type']);
  });
});
