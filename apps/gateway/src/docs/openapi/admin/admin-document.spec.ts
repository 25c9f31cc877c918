import { servedDocument, type OfflineGateway } from '../testing/offline-gateway';
import { openApiSchemaErrors } from '../testing/openapi-validators';
import type { OpenApiDocument } from '../openapi-document.types';
import { openApiPath } from '../openapi-document.builder';

describe('GET /admin/v1/openapi.json: the operations API for the console’s operations pages', () => {
  let gateway: OfflineGateway;
  let document: OpenApiDocument;

  beforeAll(async () => {
    ({ gateway, document } = await servedDocument('/admin/v1/openapi.json'));
  });
  afterAll(() => gateway?.app.close());

  it('is a valid OpenAPI 3.1 document with both credentials', () => {
    expect(openApiSchemaErrors(document)).toEqual([]);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['adminBearer', 'sessionCookie']);
  });

  it('documents every admin route Fastify registered, and only those', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const registered = gateway.routes
      .filter((route) => / \/admin\/v1\//.test(route) && !route.endsWith('/openapi.json'))
      .map((route) => {
        const [method, path] = route.split(' ');
        return `${method} ${openApiPath(path)}`;
      });
    expect(documented.sort()).toEqual(registered.sort());
    expect(document.paths['/admin/v1/limit_requests/{id}/resolve']?.post?.requestBody).toBeDefined();
  });

  it('describes every answer by a named component, so the console’s operations pages are typed from it', () => {
    const undescribed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.entries((operation as { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }).responses)
          .filter(([status, response]) => status.startsWith('2') && response.content && !response.content['application/json']?.schema.$ref)
          .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
      ),
    );
    expect(undescribed).toEqual([]);
    const refs = JSON.stringify(document).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? [];
    for (const ref of new Set(refs)) expect([ref, document.components.schemas[ref.split('/').pop() ?? '']]).toEqual([ref, expect.anything()]);
  });

  it('names the roster list’s filters and takes Idempotency-Key on every POST', () => {
    const list = document.paths['/admin/v1/experts']?.get as { parameters: { name?: string }[] };
    expect(list.parameters.map((parameter) => parameter.name)).toEqual(['limit', 'cursor', 'status', 'availability', 'skill']);
    for (const [path, item] of Object.entries(document.paths)) {
      const post = (item as { post?: { parameters: { $ref?: string }[] } }).post;
      if (post) expect([path, post.parameters.some((parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey')]).toEqual([path, true]);
    }
  });

  it('documents the operators’ bulk replay with the partner’s filters and a workspace of its own', () => {
    const replay = document.components.schemas.AdminBulkReplayRequest as { properties: Record<string, unknown> };
    expect(Object.keys(replay.properties).sort()).toEqual(['created_after', 'created_before', 'deployment_id', 'endpoint_id', 'event_type', 'workspace_id']);
  });
});
