/**
 * What a stranger, or one credential, can make the gateway do with an upload before it is refused,
 * against the real services: an upload is judged (credential, failure throttle, declared size, one
 * in flight per expert, room left on the deployment) before its body is read, and a refusal closes
 * the connection; a body without any credential stops at a few KB. (Slow senders and the
 * connections one address holds are in slow-clients.e2e.ts.)
 */
import { randomBytes } from 'node:crypto';
import { request, type ErrorBody } from '../support/http';
import { RawConnection, requestHead, type RawAnswer } from '../support/raw-http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Deployment, type Expert, type Workspace, startRouterSuite } from '../routing/support/routing-e2e';

const MAX_UPLOAD = 25 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 4000;
const HEADERS_TIMEOUT_MS = 2000;
const PER_ADDRESS = 6;
const BLOCKED_HOLD_MS = 1500;
const ROOM_BYTES = 250_000;
const ROOM_FILES = 3;
/** How much of a body the client sends before it waits for the answer. */
const FIRST_CHUNK = randomBytes(4096);

describe('cost bounds: uploads are judged before they are read', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let ada: Expert;

  const act = (expert: Expert, id: string, action: string) => e2e.asExpert<Deployment>(expert, 'POST', `/deployments/${id}/${action}`);

  async function adaWorking(): Promise<string> {
    const created = await e2e.create(workspace.keys.live, { brief: 'Draw the map.', skills: ['cost-bounds'] });
    expect((await e2e.waitForOffer(created.body.id, 1)).expertId).toBe(ada.id);
    expect((await act(ada, created.body.id, 'accept')).status).toBe(200);
    expect((await act(ada, created.body.id, 'start')).status).toBe(200);
    return created.body.id;
  }

  const uploadPath = (deploymentId: string, filename = 'map.bin') =>
    `/expert/v1/attachments?${new URLSearchParams({ deployment_id: deploymentId, filename }).toString()}`;

  /** Headers and the first 4 KB of an upload declaring `length` bytes; the answer, if one comes before the rest is sent. */
  async function startUpload(options: {
    deploymentId?: string;
    length: number;
    credential?: string;
    from?: string;
    waitMs?: number;
  }): Promise<{ connection: RawConnection; answer: RawAnswer | null }> {
    const connection = await RawConnection.open(services.baseUrl, options.from);
    const headers: Record<string, string | number> = { 'Content-Type': 'application/octet-stream', 'Content-Length': options.length };
    if (options.credential) headers.Authorization = `Bearer ${options.credential}`;
    connection.write(requestHead('POST', uploadPath(options.deploymentId ?? 'dep_01JZZZZZZZZZZZZZZZZZZZZZZZ'), headers));
    connection.write(FIRST_CHUNK.subarray(0, Math.min(FIRST_CHUNK.length, options.length)));
    return { connection, answer: await connection.answer(options.waitMs ?? 5000) };
  }

  /** Refused before the rest of the body: the API's error shape, Connection: close, and the connection really closed. */
  async function expectRefusedUnread(
    started: { connection: RawConnection; answer: RawAnswer | null },
    status: number,
    code: string,
    param?: string,
  ): Promise<ErrorBody['error']> {
    expect(started.answer).not.toBeNull();
    const answer = started.answer as RawAnswer;
    const body = JSON.parse(answer.body) as ErrorBody;
    expect([answer.status, body.error.code]).toEqual([status, code]);
    if (param) expect(body.error.param).toBe(param);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['request-id']).toBe(body.error.request_id);
    expect(await started.connection.closedWithin(3000)).toBe(true);
    started.connection.destroy();
    return body.error;
  }

  async function upload(deploymentId: string, bytes: Buffer, filename = 'map.bin') {
    const response = await fetch(`${services.baseUrl}${uploadPath(deploymentId, filename)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.credential}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: (await response.json()) as { id: string } & ErrorBody };
  }

  beforeAll(async () => {
    ({ services, e2e, workspace } = await startRouterSuite(
      startServices({
        ...FAST_CLOCKS,
        OFFER_TIMEOUT_SECONDS: '60',
        AUTH_FAILURES_PER_MINUTE: '3',
        ATTACHMENT_MAX_BYTES_PER_DEPLOYMENT: String(ROOM_BYTES),
        ATTACHMENT_MAX_FILES_PER_DEPLOYMENT: String(ROOM_FILES),
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
        HTTP_BLOCKED_ADDRESS_HOLD_MS: String(BLOCKED_HOLD_MS),
        CONSOLE_SSE_KEEPALIVE_SECONDS: '1',
      }),
      'cost-bounds',
    ));
    ada = await e2e.addExpert(['cost-bounds'], 20, { name: 'Ada Bound' });
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('answers an anonymous 25 MB upload 401 after its first 4 KB, and closes the connection', async () => {
    const error = await expectRefusedUnread(await startUpload({ length: MAX_UPLOAD, from: '127.0.0.4' }), 401, 'authentication_failed');
    expect(error.message).toContain('svc_expert_');
  });

  it('answers an upload from an address blocked for failed authentications 429 before reading it', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await startUpload({ length: 100, credential: 'svc_expert_not_a_real_one', from: '127.0.0.5' });
      await expectRefusedUnread(refused, 401, 'authentication_failed');
    }
    const blocked = await startUpload({ length: MAX_UPLOAD, credential: ada.credential, from: '127.0.0.5' });
    expect(blocked.answer?.headers['retry-after']).toMatch(/^\d+$/);
    await expectRefusedUnread(blocked, 429, 'rate_limited');
    // The gateway now knows the block: a new connection from the address is answered before it sends a byte, and
    // closed; held unread first, so a client that reconnects at once gains nothing by it.
    const silent = await RawConnection.open(services.baseUrl, '127.0.0.5');
    const openedAt = performance.now();
    const answer = await silent.answer(BLOCKED_HOLD_MS + 3000);
    expect(performance.now() - openedAt).toBeGreaterThanOrEqual(BLOCKED_HOLD_MS - 100);
    expect(answer?.status).toBe(429);
    expect(answer?.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect((JSON.parse(answer?.body ?? '{}') as ErrorBody).error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('failed authentications'),
    });
    expect(await silent.closedWithin(3000)).toBe(true);
    // Another address is not affected.
    expect((await startUpload({ length: 100, credential: 'svc_expert_not_a_real_one', from: '127.0.0.6' })).answer?.status).toBe(401);
  });

  it('holds a blocked address to its connection cap: past it, connections are closed with no answer', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expectRefusedUnread(await startUpload({ length: 100, credential: 'svc_expert_not_a_real_one', from: '127.0.0.12' }), 401, 'authentication_failed');
    }
    // The first refusal after the failures teaches this gateway the block.
    await expectRefusedUnread(await startUpload({ length: 100, credential: 'svc_expert_not_a_real_one', from: '127.0.0.12' }), 429, 'rate_limited');
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => RawConnection.open(services.baseUrl, '127.0.0.12')));
    const pastCap = await RawConnection.open(services.baseUrl, '127.0.0.12');
    expect(await pastCap.closedWithin(1000)).toBe(true);
    expect(pastCap.receivedBytes).toBe(0);
    expect(held.some((connection) => connection.closed)).toBe(false);
    const answers = await Promise.all(held.map((connection) => connection.answer(BLOCKED_HOLD_MS + 3000)));
    expect(answers.map((answer) => answer?.status)).toEqual(held.map(() => 429));
  });

  it('refuses a declared length over the limit at once, before any body', async () => {
    const connection = await RawConnection.open(services.baseUrl);
    connection.write(
      requestHead('POST', uploadPath('dep_01JZZZZZZZZZZZZZZZZZZZZZZZ'), { Authorization: `Bearer ${ada.credential}`, 'Content-Length': MAX_UPLOAD + 1 }),
    );
    const error = await expectRefusedUnread({ connection, answer: await connection.answer(5000) }, 400, 'invalid_request', 'body');
    expect(error.message).toContain('25 MB');
  });

  it('refuses a chunked upload the moment it goes past the limit, without reading the rest', async () => {
    const id = await adaWorking();
    const connection = await RawConnection.open(services.baseUrl);
    connection.write(requestHead('POST', uploadPath(id), { Authorization: `Bearer ${ada.credential}`, 'Transfer-Encoding': 'chunked' }));
    const chunk = randomBytes(1024 * 1024);
    for (let sent = 0; sent <= MAX_UPLOAD && !connection.closed; sent += chunk.length) {
      connection.write(`${chunk.length.toString(16)}\r\n`);
      connection.write(chunk);
      connection.write('\r\n');
    }
    // Never the last chunk: the refusal comes while the client would still be sending.
    await expectRefusedUnread({ connection, answer: await connection.answer(10_000) }, 400, 'invalid_request', 'body');
  });

  it('bounds one expert’s uploads per deployment in bytes and in files, and refuses the one that would go past before reading it', async () => {
    const id = await adaWorking();
    expect((await upload(id, randomBytes(100_000))).status).toBe(201);
    expect((await upload(id, randomBytes(100_000))).status).toBe(201);
    // 200,000 held: a declared 100,000 more does not fit in 250,000.
    const tooMuch = await startUpload({ deploymentId: id, length: 100_000, credential: ada.credential });
    const error = await expectRefusedUnread(tooMuch, 400, 'invalid_request', 'body');
    expect(error.message).toContain('50000 bytes');
    expect((await upload(id, randomBytes(10_000))).status).toBe(201);
    const fourth = await startUpload({ deploymentId: id, length: 10, credential: ada.credential });
    await expectRefusedUnread(fourth, 400, 'invalid_request', 'deployment_id');
    // Another deployment has its own room.
    expect((await upload(await adaWorking(), randomBytes(100_000))).status).toBe(201);
  });

  it('lets an expert have one upload in flight: a second one meanwhile is 429 with Retry-After, unread', async () => {
    const id = await adaWorking();
    // Long enough for its admission (a credential lookup) to have taken the slot on a loaded host.
    const first = await startUpload({ deploymentId: id, length: FIRST_CHUNK.length + 1000, credential: ada.credential, waitMs: 1500 });
    expect(first.answer).toBeNull();
    const second = await startUpload({ deploymentId: id, length: 1000, credential: ada.credential });
    expect(second.answer?.headers['retry-after']).toBe('1');
    await expectRefusedUnread(second, 429, 'rate_limited');
    first.connection.write(randomBytes(1000));
    const done = await first.connection.answer(5000);
    expect(done?.status).toBe(201);
    first.connection.destroy();
    expect((await upload(id, randomBytes(10))).status).toBe(201);
    // A client that goes away mid-body frees its slot too.
    const abandoned = await startUpload({ deploymentId: id, length: FIRST_CHUNK.length + 1000, credential: ada.credential, waitMs: 500 });
    expect(abandoned.answer).toBeNull();
    abandoned.connection.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await upload(id, randomBytes(10))).status).toBe(201);
  });

  it('refuses a JSON body of more than 4 KB sent with no credential at all before reading it', async () => {
    const connection = await RawConnection.open(services.baseUrl, '127.0.0.7');
    connection.write(requestHead('POST', '/v1/deployments', { 'Content-Type': 'application/json', 'Content-Length': 500_000 }));
    connection.write(`{"brief":"${'x'.repeat(4000)}`);
    const error = await expectRefusedUnread({ connection, answer: await connection.answer(5000) }, 401, 'authentication_failed');
    expect(error.message).toContain('4096 bytes');
    // An Authorization header that is no Bearer credential is none either.
    const malformed = await RawConnection.open(services.baseUrl, '127.0.0.7');
    malformed.write(
      requestHead('PUT', '/v1/memory/brand', { 'Content-Type': 'application/json', 'Content-Length': 500_000, Authorization: 'Basic dXNlcjpwYXNz' }),
    );
    await expectRefusedUnread({ connection: malformed, answer: await malformed.answer(5000) }, 401, 'authentication_failed');
    // A small body without a credential still meets the guard's own answer.
    const small = await request<ErrorBody>(services.baseUrl, 'POST', '/v1/deployments', { body: { brief: 'x' } });
    expect([small.status, small.body.error.code]).toEqual([401, 'authentication_failed']);
  });
});
