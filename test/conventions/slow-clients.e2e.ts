/**
 * What a slow or greedy client can hold of the gateway, against the real services: slow senders
 * are cut; one client address holds a bounded number of connections; event streams, long answers,
 * are not cut. (Uploads are in uploads-before-reading.e2e.ts.)
 */
import type { ErrorBody } from '../support/http';
import { RawConnection, requestHead } from '../support/raw-http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Expert, type Workspace } from '../routing/support/routing-e2e';
import { startWithWorkspace } from '../support/workspace';

const REQUEST_TIMEOUT_MS = 4000;
const HEADERS_TIMEOUT_MS = 2000;
const PER_ADDRESS = 6;

describe('cost bounds: slow clients and connections per address', () => {
  let services: RunningServices;
  let workspace: Workspace;
  let ada: Expert;

  beforeAll(async () => {
    ({ services, workspace } = await startWithWorkspace(
      startServices({
        ...FAST_CLOCKS,
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
        CONSOLE_SSE_KEEPALIVE_SECONDS: '1',
      }),
      'slow-clients',
    ));
    ada = await new RouterE2e(services).addExpert(['slow-clients'], 20, { name: 'Ada Slow' });
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('cuts a client that sends its body too slowly after HTTP_REQUEST_TIMEOUT_MS, and one whose headers trickle after HTTP_HEADERS_TIMEOUT_MS', async () => {
    const slowBody = await RawConnection.open(services.baseUrl, '127.0.0.8');
    const startedAt = Date.now();
    slowBody.write(
      requestHead('POST', '/v1/deployments', { 'Content-Type': 'application/json', 'Content-Length': 2000, Authorization: 'Bearer svc_test_slow' }),
    );
    const trickle = setInterval(() => slowBody.write('          '), 200);
    try {
      const answer = await slowBody.answer(REQUEST_TIMEOUT_MS * 3);
      expect(answer?.status).toBe(408);
      expect(await slowBody.closedWithin(2000)).toBe(true);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    } finally {
      clearInterval(trickle);
      slowBody.destroy();
    }
    const slowHeaders = await RawConnection.open(services.baseUrl, '127.0.0.8');
    slowHeaders.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const dribble = setInterval(() => slowHeaders.write('X-Slow: 1\r\n'), 200);
    try {
      expect((await slowHeaders.answer(HEADERS_TIMEOUT_MS * 3))?.status).toBe(408);
      expect(await slowHeaders.closedWithin(2000)).toBe(true);
    } finally {
      clearInterval(dribble);
      slowHeaders.destroy();
    }
  });

  it('keeps event streams (the expert’s and the partner’s) open well past the request timeout', async () => {
    const streams = await Promise.all(
      [
        { path: '/expert/v1/events', credential: ada.credential },
        { path: '/v1/events/stream', credential: workspace.keys.live },
      ].map(async ({ path, credential }) => {
        const stream = await RawConnection.open(services.baseUrl);
        stream.write(requestHead('GET', path, { Authorization: `Bearer ${credential}`, Accept: 'text/event-stream' }));
        expect((await stream.answer(5000))?.status).toBe(200);
        return { stream, before: stream.receivedBytes };
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 1500));
    for (const { stream, before } of streams) {
      expect(stream.closed).toBe(false);
      // Their keep-alive comments still arrive.
      expect(stream.receivedBytes).toBeGreaterThan(before);
      stream.destroy();
    }
  });

  it('holds at most HTTP_MAX_CONNECTIONS_PER_ADDRESS connections from one address: the next is answered 429 and closed', async () => {
    const from = '127.0.0.9';
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => RawConnection.open(services.baseUrl, from)));
    const extra = await RawConnection.open(services.baseUrl, from);
    const refused = await extra.answer(5000);
    expect(refused?.status).toBe(429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect((JSON.parse(refused?.body ?? '{}') as ErrorBody).error.code).toBe('rate_limited');
    expect(await extra.closedWithin(3000)).toBe(true);
    // Another address is not affected, and every held one still works.
    const other = await RawConnection.open(services.baseUrl, '127.0.0.10');
    other.write(requestHead('GET', '/health/live', {}));
    expect((await other.answer(5000))?.status).toBe(200);
    other.destroy();
    held[0].write(requestHead('GET', '/health/live', {}));
    expect((await held[0].answer(5000))?.status).toBe(200);
    // Once one closes, the address may open another.
    held[1].destroy();
    let status: number | undefined;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      const again = await RawConnection.open(services.baseUrl, from);
      again.write(requestHead('GET', '/health/live', {}));
      status = (await again.answer(5000))?.status;
      again.destroy();
      // Until the server has seen the close, the address is still full.
      if (status === 429) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    for (const connection of held) connection.destroy();
  });
});
