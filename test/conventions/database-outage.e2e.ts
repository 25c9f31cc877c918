/**
 * PostgreSQL unavailable. Every service reaches the database through a TCP
 * proxy this test starts on 127.0.0.1, which it then
 *  1. pauses (a stall: no byte forwarded on old or new connections, none closed): every request
 *     answers within 5 s with 503 `service_unavailable`, Retry-After and the API's error shape;
 *     resumed, service comes back by itself and a test-mode deployment completes;
 *  2. closes (connections refused): the same 503 with Retry-After, at once;
 *  3. keeps closed while the gateway (and the ledger) start: they stay up, the gateway live but
 *     not ready and answering 503, and become ready by themselves once the proxy forwards.
 * The proxy's own timers are none: each phase ends when the test says so.
 */
import { DEFAULT_DATABASE_URL } from '@eh/platform';
import { waitUntil } from '@eh/platform/testing';
import { freePort } from '../support/free-port';
import { type ErrorBody } from '../support/http';
import { SERVICE_NAMES, startServices, type RunningServices } from '../support/service-harness';
import { TcpProxy } from '../support/tcp-proxy';
import { type Workspace, startWithWorkspace } from '../support/workspace';

interface Timed {
  what: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  body: ErrorBody & { id?: string; status?: string };
}

const FIVE_SECONDS = 5_000;

describe('PostgreSQL stalled or refusing connections', () => {
  let proxy: TcpProxy;
  let services: RunningServices;
  let workspace: Workspace;
  let existing: string;
  const figures: string[] = [];

  /** One request, timed; aborted (and failed) after 10 s so a hang shows as such. */
  const timed = async (what: string, method: string, path: string, body?: unknown): Promise<Timed> => {
    const started = Date.now();
    const response = await fetch(`${services.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${workspace.keys.test}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return {
      what,
      status: response.status,
      ms: Date.now() - started,
      retryAfter: response.headers.get('retry-after'),
      body: JSON.parse(text) as Timed['body'],
    };
  };

  const everyRoute = (): Promise<Timed[]> =>
    Promise.all([
      timed('create', 'POST', '/v1/deployments', { brief: 'Write a tagline for a bakery.', skills: ['copywriting'] }),
      timed('get', 'GET', `/v1/deployments/${existing}`),
      timed('list', 'GET', '/v1/deployments?limit=5'),
      timed('usage', 'GET', '/v1/usage'),
    ]);

  const expectUnavailable = (answers: Timed[]): void => {
    for (const answer of answers) {
      const seen = { what: answer.what, status: answer.status, retryAfter: answer.retryAfter, withinFiveSeconds: answer.ms < FIVE_SECONDS };
      expect(seen).toEqual({ what: answer.what, status: 503, retryAfter: '5', withinFiveSeconds: true });
      expect(answer.body.error).toEqual({
        type: 'api_error',
        code: 'service_unavailable',
        message: expect.stringMatching(/\S/),
        request_id: expect.stringMatching(/^req_/),
        docs_url: expect.stringMatching(/\/docs\/errors\/service_unavailable$/),
      });
    }
  };

  /** A test-mode create succeeds and completes: the gateway, relay and router all work again. */
  const createAndComplete = async (description: string): Promise<void> => {
    const created = await waitUntil(
      async () => {
        const answer = await timed('create', 'POST', '/v1/deployments', { brief: 'Write a tagline for a bakery.', skills: ['copywriting'] });
        return answer.status === 201 ? answer : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, description: `a create to succeed ${description}` },
    );
    await waitUntil(async () => (await timed('get', 'GET', `/v1/deployments/${created.body.id}`)).body.status === 'completed', {
      timeoutMs: 30_000,
      intervalMs: 250,
      description: `the deployment to complete ${description}`,
    });
  };

  beforeAll(async () => {
    const postgres = new URL(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
    proxy = await TcpProxy.start({ host: postgres.hostname, port: Number(postgres.port || 5432) }, await freePort());
    ({ services, workspace } = await startWithWorkspace(
      startServices({ RATE_LIMIT_PER_MINUTE: '100000' }, { databaseUrl: (url) => proxy.urlFor(url) }),
      'outage',
    ));
    const first = await timed('create', 'POST', '/v1/deployments', { brief: 'Write a tagline for a bakery.', skills: ['copywriting'] });
    expect(first.status).toBe(201);
    existing = String(first.body.id);
  });

  afterAll(async () => {
    await proxy?.forward();
    await services?.stop();
    await proxy?.close();
    if (figures.length > 0) process.stdout.write(`database outage figures:\n  ${figures.join('\n  ')}\n`);
  });

  it('stalled: every request answers 503 with Retry-After within 5 s, and service resumes by itself', async () => {
    proxy.pause();
    // Twice: first on pooled connections whose queries get no answer, then on new connections whose handshake gets none.
    for (const round of ['pooled connections', 'new connections']) {
      const answers = await everyRoute();
      figures.push(`stall, ${round}: ${answers.map((answer) => `${answer.what} ${answer.status} in ${answer.ms} ms`).join(', ')}`);
      expectUnavailable(answers);
    }
    // More requests at once than the gateway's pool holds (20): the rest queue for a client, still within 5 s.
    const crowd = await Promise.all(Array.from({ length: 30 }, (_, index) => timed(`list ${index}`, 'GET', '/v1/deployments?limit=5')));
    figures.push(`stall, 30 at once: slowest 503 in ${Math.max(...crowd.map((answer) => answer.ms))} ms`);
    expectUnavailable(crowd);
    const live = await fetch(`${services.baseUrl}/health/live`);
    expect(live.status).toBe(200);
    const readyStarted = Date.now();
    const ready = await fetch(`${services.baseUrl}/health/ready`, { signal: AbortSignal.timeout(10_000) });
    expect([ready.status, Date.now() - readyStarted < FIVE_SECONDS]).toEqual([503, true]);

    proxy.resume();
    const resumed = Date.now();
    await createAndComplete('after the stall');
    figures.push(`stall: a test-mode create completed ${Date.now() - resumed} ms after resuming`);
    expect(SERVICE_NAMES.filter((name) => !services.alive(name))).toEqual([]);
  });

  it('refused: every request answers 503 with Retry-After at once', async () => {
    await proxy.refuse();
    const answers = await everyRoute();
    figures.push(`refused: ${answers.map((answer) => `${answer.what} ${answer.status} in ${answer.ms} ms`).join(', ')}`);
    expectUnavailable(answers);
    await proxy.forward();
    await createAndComplete('after refusals');
    expect(SERVICE_NAMES.filter((name) => !services.alive(name))).toEqual([]);
  });

  it('started while PostgreSQL refuses: the gateway and the ledger stay up, not ready, and become ready by themselves', async () => {
    await services.kill('gateway');
    await services.kill('ledger');
    await proxy.refuse();
    await services.start('gateway', { waitReady: false });
    await services.start('ledger');
    await waitUntil(async () => (await fetch(`${services.baseUrl}/health/live`).catch(() => undefined))?.status === 200, {
      timeoutMs: 30_000,
      description: 'the gateway to answer liveness',
    });
    expect((await fetch(`${services.baseUrl}/health/ready`)).status).toBe(503);
    expectUnavailable([await timed('list', 'GET', '/v1/deployments?limit=5')]);
    // Several retries later, still up: neither exits into a crash loop.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect([services.alive('gateway'), services.alive('ledger')]).toEqual([true, true]);
    expect((await fetch(`${services.baseUrl}/health/ready`)).status).toBe(503);

    await proxy.forward();
    const forwarded = Date.now();
    await waitUntil(async () => (await fetch(`${services.baseUrl}/health/ready`)).status === 200, {
      timeoutMs: 30_000,
      intervalMs: 100,
      description: 'the gateway ready',
    });
    figures.push(`start while refused: ready ${Date.now() - forwarded} ms after the proxy forwarded`);
    // Its second start line: the first is from beforeAll's start.
    await waitUntil(() => (services.logs('ledger').match(/ledger started/g) ?? []).length === 2, {
      timeoutMs: 30_000,
      description: 'the ledger started again',
    });
    await createAndComplete('after starting without a database');
    expect(SERVICE_NAMES.filter((name) => !services.alive(name))).toEqual([]);
  });
});
