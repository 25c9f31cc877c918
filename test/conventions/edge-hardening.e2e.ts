/**
 * Requests a stranger or a careless partner can send must never end a
 * process, answer 500 or come back in any shape but the API's error shape.
 */
import { waitUntil } from '@eh/platform/testing';
import { rawRequest, socketExchange, type NodeHttpAnswer } from '../support/hand-made-requests';
import { request, type ErrorBody, type JsonResponse } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { startWithWorkspace } from '../support/workspace';

const ADMIN_KEY = 'svc_admin_edge_e2e_0123456789abcdefghij';

interface Workspace {
  id: string;
  keys: { test: string; live: string };
}

function expectSpecError(body: unknown, code: string): void {
  expect(body).toEqual({
    error: expect.objectContaining({
      type: expect.any(String),
      code,
      message: expect.any(String),
      request_id: expect.stringMatching(/^req_/),
      docs_url: expect.stringContaining(`/docs/errors/${code}`),
    }),
  });
}

describe('the edge holds: no request ends a process, answers 500 or leaves the API error shape', () => {
  let services: RunningServices;
  let workspace: Workspace;
  const admin = { authorization: `Bearer ${ADMIN_KEY}` };

  beforeAll(async () => {
    ({ services, workspace } = await startWithWorkspace(startServices({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' }), 'edge'));
  });

  afterAll(async () => {
    await services?.stop();
  });

  const post = <T = ErrorBody>(path: string, body: unknown, key = workspace.keys.test): Promise<JsonResponse<T>> =>
    request<T>(services.baseUrl, 'POST', path, { key, body });
  const postRaw = <T = ErrorBody>(path: string, rawBody: string, key = workspace.keys.test): Promise<JsonResponse<T>> =>
    request<T>(services.baseUrl, 'POST', path, { key, rawBody });

  describe('reply-path errors', () => {
    it('answers an unknown error docs page with a JSON 404 and the gateway lives on', async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await fetch(`${services.baseUrl}/docs/errors/nope`).catch(() => null);
        expect(response?.status).toBe(404);
        expect(response?.headers.get('content-type')).toMatch(/^application\/json/);
        expectSpecError(await response?.json(), 'not_found');
      }
      expect(services.alive('gateway')).toBe(true);
      expect((await fetch(`${services.baseUrl}/health/ready`)).status).toBe(200);
      const page = await fetch(`${services.baseUrl}/docs/errors/not_found`);
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      expect(services.logs('gateway')).not.toMatch(/FST_ERR_REP_INVALID_PAYLOAD_TYPE/);
    });
  });

  describe('NUL bytes and lone surrogates (input half)', () => {
    const deploymentId = 'dep_01JD0000000000000000000000';
    // Each: where it goes, the body as JSON text with `<bad>` where the bad character goes, the field named.
    const cases: [string, string, string][] = [
      ['/v1/deployments', '{"brief":"a<bad>b","skills":["copywriting"]}', 'brief'],
      ['/v1/deployments', '{"brief":"x","skills":["copywriting"],"metadata":{"foo":"a<bad>b"}}', 'metadata.foo'],
      ['/v1/deployments', '{"brief":"x","skills":["copywriting"],"metadata":{"k<bad>":"v"}}', 'metadata.k<bad>'],
      ['/v1/deployments', '{"brief":"x","skills":["copywriting","a<bad>"]}', 'skills[1]'],
      ['/v1/handoffs', '{"surface":"s","outcome":"copywriting","return":"x.md","context":{"goal":"a<bad>"}}', 'context.goal'],
      [`/v1/deployments/${deploymentId}/cancel`, '{"reason":"a<bad>"}', 'reason'],
      [`/v1/deployments/${deploymentId}/reply`, '{"body":"a<bad>"}', 'body'],
    ];

    it.each(['\\u0000', '\\ud800', '\\udc00'])('refuses %s in any string of a body with 400 naming the field', async (bad) => {
      for (const [path, template, param] of cases) {
        const response = await postRaw(path, template.replaceAll('<bad>', bad));
        expect([path, response.status, response.body.error.code, response.body.error.param]).toEqual([
          path,
          400,
          'invalid_request',
          param.replaceAll('<bad>', bad),
        ]);
      }
      const memory = await request<ErrorBody>(services.baseUrl, 'PUT', '/v1/memory/voice', {
        key: workspace.keys.test,
        rawBody: `{"kind":"voice","body":"a${bad}"}`,
      });
      expect([memory.status, memory.body.error.param]).toEqual([400, 'body']);
      const adminBody = await request<ErrorBody>(services.baseUrl, 'POST', '/admin/v1/workspaces', { headers: admin, rawBody: `{"name":"a${bad}"}` });
      expect([adminBody.status, adminBody.body.error.param]).toEqual([400, 'name']);
    });

    it('refuses a NUL in a query string or a path parameter with 400, not 500', async () => {
      const query = await request<ErrorBody>(services.baseUrl, 'GET', '/admin/v1/webhook-deliveries?event_type=a%00b', { headers: admin });
      expect([query.status, query.body.error.code, query.body.error.param]).toEqual([400, 'invalid_request', 'event_type']);
      const path = await request<ErrorBody>(services.baseUrl, 'GET', '/admin/v1/experts/a%00b', { headers: admin });
      expect([path.status, path.body.error.param]).toEqual([400, 'id']);
    });

    it('still accepts well-formed astral characters (a surrogate pair) and other control characters', async () => {
      const created = await postRaw<{ brief: string }>('/v1/deployments', '{"brief":"launch \\ud83d\\ude80 now\\ttab","skills":["copywriting"]}');
      expect([created.status, created.body.brief]).toEqual([201, 'launch 🚀 now\ttab']);
    });
  });

  describe('deep nesting', () => {
    it.each([33, 5000])('refuses a body nested %i levels deep with 400', async (depth) => {
      const nested = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      const response = await postRaw('/v1/deployments', `{"brief":"x","skills":["copywriting"],"metadata":${nested}}`);
      expect([response.status, response.body.error.code]).toEqual([400, 'invalid_request']);
      expect(response.body.error.message).toMatch(/32 levels/);
      expect(response.body.error.param).toMatch(/^metadata(\.a)+$/);
    });

    it('accepts a body exactly 32 levels deep as far as nesting goes (the DTO then refuses nested metadata)', async () => {
      const nested = '{"a":'.repeat(31) + '1' + '}'.repeat(31);
      const response = await postRaw('/v1/deployments', `{"brief":"x","skills":["copywriting"],"metadata":${nested}}`);
      expect([response.status, response.body.error.param]).toEqual([400, 'metadata']);
      expect(response.body.error.message).not.toMatch(/levels/);
    });
  });

  describe('prototype names', () => {
    it('keeps metadata keys named like Object.prototype members, unchanged', async () => {
      const metadata = { constructor: 'c', toString: 't', hasOwnProperty: 'h', valueOf: 1, __defineGetter__: true };
      const created = await post<{ metadata: Record<string, unknown> }>('/v1/deployments', { brief: 'x', skills: ['copywriting'], metadata });
      expect([created.status, created.body.metadata]).toEqual([201, metadata]);
    });

    it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
      'refuses the unknown field %s everywhere unknown fields are refused',
      async (name) => {
        const field = { [name]: 'x' };
        const create = await post('/v1/deployments', { brief: 'x', skills: ['copywriting'], ...field });
        expect([create.status, create.body.error.param]).toEqual([400, name]);
        const handoff = await post('/v1/handoffs', { surface: 's', outcome: 'copywriting', return: 'x.md', context: { goal: 'g', ...field } });
        expect([handoff.status, handoff.body.error.param]).toEqual([400, `context.${name}`]);
        const memory = await request<ErrorBody>(services.baseUrl, 'PUT', '/v1/memory/voice', {
          key: workspace.keys.test,
          body: { kind: 'voice', body: 'b', ...field },
        });
        expect([memory.status, memory.body.error.param]).toEqual([400, name]);
        const cancel = await post('/v1/deployments/dep_01JD0000000000000000000000/cancel', field);
        expect([cancel.status, cancel.body.error.param]).toEqual([400, name]);
      },
    );
  });

  describe('framework errors in the API error shape', () => {
    it('answers an oversized header and an oversized URL with 431 in the API error shape', async () => {
      const header = await rawRequest(services.baseUrl, '/v1/deployments', { headers: { 'x-padding': 'a'.repeat(20_000) } });
      expect(header.status).toBe(431);
      expectSpecError(header.body, 'invalid_request');
      expect(header.body.error.message).toMatch(/16 KB/);
      const url = await rawRequest(services.baseUrl, `/v1/deployments?x=${'a'.repeat(20_000)}`);
      expect(url.status).toBe(431);
      expectSpecError(url.body, 'invalid_request');
    });

    it('answers malformed HTTP with 400 in the API error shape', async () => {
      const answer = await socketExchange(services.baseUrl, 'GET /v1/deployments HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
      expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expectSpecError(JSON.parse(answer.body), 'invalid_request');
    });

    it('answers a badly percent-encoded path with 400 in the API error shape', async () => {
      const response = await request<ErrorBody>(services.baseUrl, 'GET', '/v1/deployments/%E0%A4%A', { key: workspace.keys.test });
      expect(response.status).toBe(400);
      expectSpecError(response.body, 'invalid_request');
      expect(response.headers.get('request-id')).toBe(response.body.error.request_id);
    });

    it('answers invalid UTF-8 in a body with 400 saying so', async () => {
      const body = Buffer.concat([Buffer.from('{"brief":"'), Buffer.from([0xff, 0xfe]), Buffer.from('","skills":["copywriting"]}')]);
      const response = await rawRequest(services.baseUrl, '/v1/deployments', {
        method: 'POST',
        headers: { authorization: `Bearer ${workspace.keys.test}`, 'content-type': 'application/json' },
        body,
      });
      expect([response.status, response.body.error.code, response.body.error.message]).toEqual([400, 'invalid_request', 'the request body is not valid UTF-8']);
    });

    it('refuses two Idempotency-Key headers with 400', async () => {
      const response = await rawRequest(services.baseUrl, '/v1/deployments', {
        method: 'POST',
        headers: { authorization: `Bearer ${workspace.keys.test}`, 'content-type': 'application/json', 'idempotency-key': ['edge-a1', 'edge-a2'] },
        body: JSON.stringify({ brief: 'x', skills: ['copywriting'] }),
      });
      expect([response.status, response.body.error.code, response.body.error.param]).toEqual([400, 'invalid_request', 'Idempotency-Key']);
      const { rows } = await services.database.pool.query('SELECT count(*)::int AS n FROM idempotency_keys');
      expect(rows[0].n).toBe(0);
    });
  });

  describe('an expert who declined', () => {
    it('can no longer read the brief: 404', async () => {
      const registered = await request<{ expert: { id: string }; credential: string }>(services.baseUrl, 'POST', '/admin/v1/experts', {
        headers: admin,
        body: {
          name: 'Edge Decliner',
          role: 'Copywriter',
          skills: ['edge-decline'],
          tenure_years: 5,
          median_turnaround_minutes: 30,
          rate_credits_per_hour: 60,
          availability: 'online',
        },
      });
      expect(registered.status).toBe(201);
      const expertKey = registered.body.credential;
      const created = await post<{ id: string }>('/v1/deployments', { brief: 'Secret launch plan.', skills: ['edge-decline'] }, workspace.keys.live);
      expect(created.status).toBe(201);
      const id = created.body.id;
      await waitUntil(
        async () =>
          (await request<{ data: { id: string }[] }>(services.baseUrl, 'GET', '/expert/v1/offers', { key: expertKey })).body.data.some(
            (offer) => offer.id === id,
          ),
        { timeoutMs: 15_000, description: 'the offer to the expert' },
      );
      const offered = await request<{ brief: string }>(services.baseUrl, 'GET', `/expert/v1/deployments/${id}`, { key: expertKey });
      expect([offered.status, offered.body.brief]).toEqual([200, 'Secret launch plan.']);
      expect((await request(services.baseUrl, 'POST', `/expert/v1/deployments/${id}/decline`, { key: expertKey, body: { reason: 'booked' } })).status).toBe(
        200,
      );
      const after = await request<ErrorBody>(services.baseUrl, 'GET', `/expert/v1/deployments/${id}`, { key: expertKey });
      expect([after.status, after.body.error.code]).toEqual([404, 'not_found']);
    });
  });

  describe('failed authentications are throttled per address', () => {
    // 127.0.0.2 is loopback too: its failures must not lock out 127.0.0.1, which the other tests use.
    const from = (path: string, authorization: string): Promise<NodeHttpAnswer> =>
      rawRequest(services.baseUrl, path, { headers: { authorization }, localAddress: '127.0.0.2' });

    it('answers 429 rate_limited with Retry-After after 20 failures in a minute from one address, on every API', async () => {
      const failures = [
        ...Array.from({ length: 8 }, () => from('/v1/deployments', 'Bearer svc_test_wrong')),
        ...Array.from({ length: 6 }, () => from('/admin/v1/experts/exp_x', 'Bearer wrong-admin-key')),
        ...Array.from({ length: 6 }, () => from('/expert/v1/me', 'Bearer svc_expert_wrong')),
      ];
      for (const failure of failures) expect((await failure).status).toBe(401);
      for (const [path, authorization] of [
        ['/v1/deployments', 'Bearer svc_test_wrong'],
        ['/v1/deployments', `Bearer ${workspace.keys.test}`],
        ['/admin/v1/experts/exp_x', `Bearer ${ADMIN_KEY}`],
      ]) {
        const refused = await from(path, authorization);
        expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limited']);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      // Another address is not affected.
      expect((await request(services.baseUrl, 'GET', '/v1/deployments', { key: workspace.keys.test })).status).toBe(200);
    });
  });

  describe('afterwards', () => {
    it('the gateway never exited and still answers', async () => {
      expect(services.alive('gateway')).toBe(true);
      expect((await fetch(`${services.baseUrl}/health/ready`)).status).toBe(200);
    });
  });
});
