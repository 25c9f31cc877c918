import { ERROR_CODES } from '@eh/contracts';
import { apiErrorBody } from '../../../http/api-error';
import { openApiPath } from '../openapi-document.builder';
import { isExpertDocumentRoute } from './expert-document.builder';
import type { OpenApiDocument, OperationObject } from '../openapi-document.types';
import type { HttpMethod } from '../route-discovery';
import { operationAt, operationsOf, type DocumentedOperation } from '../testing/document-operations';
import { servedDocument, type OfflineGateway } from '../testing/offline-gateway';
import { DocumentedResponses, openApiSchemaErrors } from '../testing/openapi-validators';

const isExpertRoute = (route: string): boolean => / \/(expert\/v1|console\/api\/v1)(\/|$)/.test(route);

describe('GET /expert/v1/openapi.json: the expert API and console sign-in', () => {
  let gateway: OfflineGateway;
  let document: OpenApiDocument;
  let documented: DocumentedResponses;

  const operations = (): DocumentedOperation[] => operationsOf(document);
  const op = (method: HttpMethod, path: string): OperationObject => operationAt(document, method, path);

  beforeAll(async () => {
    ({ gateway, document } = await servedDocument('/expert/v1/openapi.json'));
    documented = new DocumentedResponses(document);
  });
  afterAll(() => gateway?.app.close());

  it('is served without a credential and is a valid OpenAPI 3.1 document (the official schema)', () => {
    expect(openApiSchemaErrors(document)).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: gateway.config.publicBaseUrl }]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['expertBearer', 'sessionCookie']);
    expect(op('get', '/expert/v1/openapi.json').security).toEqual([]);
  });

  it('documents every /expert/v1 and /console/api/v1 route Fastify registered, nothing else, each described beside its controller', () => {
    const registered = gateway.routes.filter(isExpertRoute);
    const paths = operations().map(([path, method]) => `${method.toUpperCase()} ${path}`);
    expect(paths.sort()).toEqual(
      registered
        .map((route) => {
          const [method, path] = route.split(' ');
          return `${method} ${openApiPath(path)}`;
        })
        .sort(),
    );
    const discovered = gateway.discovered.filter(isExpertDocumentRoute);
    expect(discovered.filter((route) => !route.doc).map((route) => route.key)).toEqual([]);
    expect(discovered.map((route) => route.key).sort()).toEqual([...registered].sort());
    expect(operations().filter(([, , operation]) => operation.tags.includes('Undescribed'))).toEqual([]);
    expect(new Set(operations().map(([, , operation]) => operation.operationId)).size).toBe(operations().length);
  });

  it('compiles every schema in Ajv strict mode, and every error example matches its response', () => {
    expect(documented.exampleProblems(operations())).toEqual([]);
    const error = documented.compile(document.components.schemas.Error);
    for (const code of ERROR_CODES)
      expect([code, error(apiErrorBody(code, 'm', 'req_01JZ0000000000000000000000', 'https://x.test', 'p'))]).toEqual([code, true]);
  });

  it('tells the credentials apart: bearer or cookie on /expert/v1, the cookie on the session routes, none to sign in', () => {
    expect(op('get', '/expert/v1/offers').security).toBeUndefined();
    expect(document.security).toEqual([{ expertBearer: [] }, { sessionCookie: [] }]);
    expect(op('get', '/console/api/v1/session').security).toEqual([{ sessionCookie: [] }]);
    expect(op('post', '/console/api/v1/sessions').security).toEqual([]);
    expect(op('post', '/console/api/v1/invitations/{token}/accept').responses['201'].headers?.['Set-Cookie']).toBeDefined();
  });

  it('asks for X-CSRF-Token, and documents 403 csrf_token_invalid, on every change a cookie can make', () => {
    for (const [path, method, operation] of operations()) {
      const cookie = operation.security === undefined || JSON.stringify(operation.security).includes('sessionCookie');
      const change = method !== 'get';
      const refs = operation.parameters.map((parameter) => parameter.$ref);
      expect([path, method, refs.includes('#/components/parameters/CsrfToken')]).toEqual([path, method, cookie && change]);
      const codes =
        (
          operation.responses['403']?.content?.['application/json'].schema as
            | { properties?: { error: { properties: { code: { enum: string[] } } } } }
            | undefined
        )?.properties?.error.properties.code.enum ?? [];
      expect([path, method, codes.includes('csrf_token_invalid')]).toEqual([path, method, cookie && change]);
    }
  });

  it('derives bodies from the DTOs: publish takes links or upload ids, never both', () => {
    const publish = documented.compile(document.components.schemas.PublishRequest);
    const base = { body: '# Done', duration_seconds: 60, credits_charged: 5 };
    expect(publish({ ...base, attachments: [{ attachment_id: 'att_01JZ0000000000000000000000' }] })).toBe(true);
    expect(publish({ ...base, attachments: [{ name: 'a.pdf', url: 'https://x.test/a.pdf', content_type: 'application/pdf', size_bytes: 1 }] })).toBe(true);
    expect(
      publish({
        ...base,
        attachments: [
          { attachment_id: 'att_01JZ0000000000000000000000', name: 'a.pdf', url: 'https://x.test/a.pdf', content_type: 'application/pdf', size_bytes: 1 },
        ],
      }),
    ).toBe(false);
    expect(publish({ ...base, attachments: [{ name: 'a.pdf' }] })).toBe(false);
    expect(document.components.schemas.AcceptInvitationRequest).toMatchObject({
      required: ['password'],
      properties: { password: { minLength: 12, maxLength: 200 } },
    });
    expect(op('get', '/expert/v1/events').responses['200'].content?.['text/event-stream']).toBeDefined();
    expect(op('post', '/expert/v1/attachments').requestBody?.content['*/*']).toBeDefined();
  });
});
