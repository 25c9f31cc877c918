import { waitUntil } from '@eh/platform/testing';
import type { OpenApiDocument } from '../../apps/gateway/src/docs/openapi/openapi-document.types';
import type { HttpMethod } from '../../apps/gateway/src/docs/openapi/route-discovery';
import { DocumentedResponses, openApiSchemaErrors } from '../../apps/gateway/src/docs/openapi/testing/openapi-validators';
import { request, type JsonResponse } from '../support/http';
import { sharedServices } from '../support/shared-services';
import { sharedWorkspaceSuite } from '../support/workspace-suite';
import { addExpertWithCli, SAMPLE_EXPERT } from '../support/ops-expert-add';

interface Deployment {
  id: string;
  status: string;
}

/**
 * The document served by the running gateway must describe what the same gateway answers: every
 * real response below is validated against the schema and headers documented for its operation
 * and status, so the document cannot drift from the behaviour.
 */
describe('GET /v1/openapi.json against real responses', () => {
  const suite = sharedWorkspaceSuite(() => sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' }), 'openapi');
  let documented: DocumentedResponses;

  const call = <T = Deployment>(method: string, path: string, options: { key?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    request<T>(suite.services.baseUrl, method, path, { key: suite.workspace.keys.test, ...options });
  /** `path` in OpenAPI form, e.g. `/v1/deployments/{id}`. */
  const expectDocumented = (method: HttpMethod, path: string, response: JsonResponse<unknown>): void =>
    expect([method, path, response.status, documented.check(method, path, response.status, response.body, response.headers)]).toEqual([
      method,
      path,
      response.status,
      [],
    ]);
  const create = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    call('POST', '/v1/deployments', { body: { brief: 'Write a tagline for a bakery.', skills: ['copywriting'], ...body }, headers });
  const waitFor = (id: string, status: string) =>
    waitUntil(
      async () => {
        const response = await call('GET', `/v1/deployments/${id}`);
        return response.body.status === status ? response : undefined;
      },
      { timeoutMs: 15_000, description: `deployment ${id} to be ${status}` },
    );

  beforeAll(async () => {
    const served = await request<OpenApiDocument>(suite.services.baseUrl, 'GET', '/v1/openapi.json');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/json/);
    expect(openApiSchemaErrors(served.body)).toEqual([]);
    expect(served.body.servers).toEqual([{ url: suite.services.env.PUBLIC_BASE_URL ?? suite.services.baseUrl }]);
    documented = new DocumentedResponses(served.body);
  });

  it('create, replay, get (pending and completed), list', async () => {
    const created = await create({ metadata: { order: 'A-17' } }, { 'idempotency-key': 'openapi-1' });
    expectDocumented('post', '/v1/deployments', created);
    const replayed = await create({ metadata: { order: 'A-17' } }, { 'idempotency-key': 'openapi-1' });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expectDocumented('post', '/v1/deployments', replayed);
    expectDocumented('get', '/v1/deployments/{id}', await call('GET', `/v1/deployments/${created.body.id}`));
    expectDocumented('get', '/v1/deployments/{id}', await waitFor(created.body.id, 'completed'));
    expectDocumented('get', '/v1/deployments', await call('GET', '/v1/deployments?status=completed&status=pending&limit=1'));
    expectDocumented('get', '/v1/deployments', await call('GET', '/v1/deployments?skill=copywriting&created_after=2026-01-01'));
  });

  it('cancel (a scheduled deployment, still pending) and reply (to a scripted question)', async () => {
    const scheduled = await create({ urgency: 'scheduled', scheduled_for: new Date(Date.now() + 30 * 60_000).toISOString() });
    expectDocumented('post', '/v1/deployments', scheduled);
    expectDocumented(
      'post',
      '/v1/deployments/{id}/cancel',
      await call('POST', `/v1/deployments/${scheduled.body.id}/cancel`, { body: { reason: 'not needed' } }),
    );
    const asking = await create({ metadata: { test_script: 'ask_question', test_question: 'Which audience first?' } });
    expectDocumented('get', '/v1/deployments/{id}', await waitFor(asking.body.id, 'needs_input'));
    expectDocumented('post', '/v1/deployments/{id}/reply', await call('POST', `/v1/deployments/${asking.body.id}/reply`, { body: { body: 'Families.' } }));
  });

  it('the roster and usage', async () => {
    await addExpertWithCli(suite.services, SAMPLE_EXPERT);
    const roster = await call<{ data: unknown[] }>('GET', '/v1/experts?limit=5');
    expect(roster.body.data.length).toBeGreaterThan(0);
    expectDocumented('get', '/v1/experts', roster);
    expectDocumented('get', '/v1/usage', await call('GET', '/v1/usage'));
  });

  it('brand memory and handoffs', async () => {
    expectDocumented('put', '/v1/memory/{key}', await call('PUT', '/v1/memory/voice', { body: { kind: 'voice', body: 'Dry, warm, short.' } }));
    expectDocumented('put', '/v1/memory/{key}', await call('PUT', '/v1/memory/voice', { body: { kind: 'voice', body: 'Dry and warm.' } }));
    expectDocumented('get', '/v1/memory/{key}', await call('GET', '/v1/memory/voice'));
    expectDocumented('get', '/v1/memory', await call('GET', '/v1/memory?kind=voice&limit=10'));
    expectDocumented('get', '/v1/memory/{key}', await call('GET', '/v1/memory/no-such-entry'));
    const opened = await call<{ id: string }>('POST', '/v1/handoffs', {
      body: {
        surface: 'editor.sidebar',
        outcome: 'copywriting',
        context: { goal: 'Rewrite the hero.', memory_keys: ['voice'] },
        return: 'hero.md',
        policy: 'save_to_memory',
      },
    });
    expectDocumented('post', '/v1/handoffs', opened);
    const ready = await waitUntil(
      async () => {
        const response = await call<{ status: string }>('GET', `/v1/handoffs/${opened.body.id}`);
        return response.body.status === 'ready' ? response : undefined;
      },
      { timeoutMs: 15_000, description: 'the handoff to be ready' },
    );
    expectDocumented('get', '/v1/handoffs/{id}', ready);
    const done = await create({});
    await waitFor(done.body.id, 'completed');
    const saved = await call<{ key: string }>('POST', `/v1/deployments/${done.body.id}/save-output`);
    expectDocumented('post', '/v1/deployments/{id}/save-output', saved);
    expectDocumented('delete', '/v1/memory/{key}', await call('DELETE', `/v1/memory/${saved.body.key}`));
  });

  it('errors: 400 body, query and version, 401, 404, 409', async () => {
    const invalid = await create({ skills: ['Not A Tag'] });
    expect(invalid.status).toBe(400);
    expectDocumented('post', '/v1/deployments', invalid);
    expectDocumented('get', '/v1/deployments', await call('GET', '/v1/deployments?limit=500'));
    expectDocumented('get', '/v1/usage', await call('GET', '/v1/usage', { headers: { 'service-version': '1999-01-01' } }));
    expectDocumented('get', '/v1/experts', await call('GET', '/v1/experts', { key: 'svc_test_nope' }));
    expectDocumented('get', '/v1/deployments/{id}', await call('GET', '/v1/deployments/dep_01JZ0000000000000000000000'));
    const done = await create({});
    await waitFor(done.body.id, 'completed');
    const refused = await call('POST', `/v1/deployments/${done.body.id}/cancel`);
    expect(refused.status).toBe(409);
    expectDocumented('post', '/v1/deployments/{id}/cancel', refused);
    expectDocumented('post', '/v1/deployments/{id}/reply', await call('POST', `/v1/deployments/${done.body.id}/reply`, { body: { body: 'Late.' } }));
  });
});
