import { ConnectionError, NotFoundError } from './errors';
import { HttpClient, type ResponseInfo } from './http';

interface Sent {
  url: string;
  headers: Record<string, string>;
}

/** A fetch that records each request and answers from `answers` in turn. */
function fakeFetch(answers: Array<() => Response>): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string> });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as unknown as typeof fetch;
  return { fetch: fetchImpl, sent };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): (() => Response) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('HttpClient', () => {
  it("reports the answer's status, Request-Id and Idempotent-Replayed to onResponse", async () => {
    const { fetch } = fakeFetch([json(201, { id: 'dep_1' }, { 'request-id': 'req_9', 'idempotent-replayed': 'true' })]);
    const http = new HttpClient({ apiKey: 'svc_test_x', fetch });
    const seen: ResponseInfo[] = [];
    const body = await http.request({ method: 'POST', path: '/v1/deployments', body: {}, onResponse: (info) => seen.push(info) });
    expect(body).toEqual({ id: 'dep_1' });
    expect(seen).toMatchObject([{ status: 201, requestId: 'req_9', replayed: true }]);
  });

  it('sends the configured User-Agent and the given Idempotency-Key', async () => {
    const { fetch, sent } = fakeFetch([json(200, {})]);
    await new HttpClient({ apiKey: 'svc_test_x', fetch, userAgent: 'my-agent' }).request({ method: 'POST', path: '/v1/x', body: {}, idempotencyKey: 'k1' });
    expect(sent[0].headers).toMatchObject({ 'user-agent': 'my-agent', 'idempotency-key': 'k1', authorization: 'Bearer svc_test_x' });
  });

  it('with maxRetries 0 makes one attempt, and names the underlying reason when the API is not reached', async () => {
    const refused = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    const { fetch, sent } = fakeFetch([
      () => {
        throw refused;
      },
    ]);
    const error = await new HttpClient({ apiKey: 'svc_test_x', baseUrl: 'http://127.0.0.1:9', fetch, maxRetries: 0 })
      .request({ method: 'GET', path: '/v1/usage' })
      .catch((e: unknown) => e);
    expect(sent).toHaveLength(1);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: null, message: 'could not reach the API at http://127.0.0.1:9 (connect ECONNREFUSED 127.0.0.1:9)', cause: refused });
  });

  it('opens an event stream after Last-Event-ID, and throws the error answer of one that cannot open', async () => {
    const { fetch, sent } = fakeFetch([
      () => new Response('data: x\n\n', { status: 200 }),
      json(404, { error: { code: 'not_found', message: 'no such deployment' } }),
    ]);
    const http = new HttpClient({ apiKey: 'svc_test_x', fetch });
    const body = await http.openStream('/v1/deployments/dep_1/events/stream', { lastEventId: '7' });
    expect(await new Response(body).text()).toBe('data: x\n\n');
    expect(sent[0].headers).toMatchObject({ accept: 'text/event-stream', 'last-event-id': '7' });
    await expect(http.openStream('/v1/deployments/dep_2/events/stream')).rejects.toBeInstanceOf(NotFoundError);
    expect(sent[1].headers).not.toHaveProperty('last-event-id');
  });
});
