import { ConnectionError, NotFoundError } from '@expert-handoff/sdk';
import { createApiClient, withReplayed } from './api-client';
import { errorDetailsOf } from './api-error';

const CONFIG = { apiKey: 'svc_test_x', baseUrl: 'http://127.0.0.1:9', apiVersion: '2026-11-01', requestTimeoutMs: 1000 };

describe("the MCP server's API client", () => {
  it('without a key, fails each call with authentication_failed naming SERVICE_API_KEY', () => {
    const api = createApiClient({ ...CONFIG, apiKey: '' });
    expect(() => api()).toThrow(expect.objectContaining({ code: 'authentication_failed', param: 'SERVICE_API_KEY', status: null }));
  });

  it('tells a repeated call (Idempotent-Replayed) from a first one', async () => {
    const answers = ['true', null];
    const fetchImpl = (async () => {
      const replayed = answers.shift();
      return new Response('{"id":"dep_1"}', { status: 200, headers: replayed ? { 'idempotent-replayed': replayed } : {} });
    }) as unknown as typeof fetch;
    const api = createApiClient(CONFIG, fetchImpl);
    const create = () => withReplayed((onResponse) => api().deployments.create({ brief: 'b', skills: ['s'] }, { idempotencyKey: 'k', onResponse }));
    expect(await create()).toEqual({ body: { id: 'dep_1' }, replayed: true });
    expect(await create()).toEqual({ body: { id: 'dep_1' }, replayed: false });
  });
});

describe('errorDetailsOf', () => {
  it('keeps the spec fields of an API error, and reports an API not reached as service_unavailable', () => {
    const notFound = new NotFoundError({
      status: 404,
      code: 'not_found',
      message: 'no such deployment',
      type: 'invalid_request_error',
      param: 'id',
      requestId: 'req_1',
      docsUrl: 'https://x',
      retryAfterSeconds: null,
    });
    expect(errorDetailsOf(notFound)).toEqual({
      code: 'not_found',
      message: 'no such deployment',
      type: 'invalid_request_error',
      status: 404,
      param: 'id',
      request_id: 'req_1',
      docs_url: 'https://x',
      retry_after_seconds: null,
    });
    const refused = new ConnectionError({
      status: null,
      code: 'connection_error',
      message: 'could not reach the API at http://127.0.0.1:9 (refused)',
      type: 'connection_error',
      param: null,
      requestId: null,
      docsUrl: null,
      retryAfterSeconds: null,
    });
    expect(errorDetailsOf(refused)).toMatchObject({
      code: 'service_unavailable',
      type: 'api_error',
      status: null,
      message: 'the MCP server could not reach the API at http://127.0.0.1:9 (refused); check SERVICE_BASE_URL or retry later',
    });
  });
});
