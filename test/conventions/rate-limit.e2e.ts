import { Redis } from 'ioredis';
import { request, type ErrorBody } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { type Workspace, startWithWorkspace } from '../support/workspace';

const MISSING = '/v1/deployments/dep_01JD0000000000000000000000';
const LIMIT = 5;
/** All test-mode keys of the workspace together: less than two keys' worth, so rotating a key does not reset the budget. */
const WORKSPACE_LIMIT = 8;
const HOLD_MS = 800;

function rateHeaders(headers: Headers): { limit: string | null; remaining: string | null; reset: string | null } {
  return { limit: headers.get('x-ratelimit-limit'), remaining: headers.get('x-ratelimit-remaining'), reset: headers.get('x-ratelimit-reset') };
}

describe('rate limits per API key, through the running services', () => {
  let services: RunningServices;
  let workspace: Workspace;

  beforeAll(async () => {
    ({ services, workspace } = await startWithWorkspace(
      startServices({
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
        RATE_LIMIT_PER_WORKSPACE_PER_MINUTE: String(WORKSPACE_LIMIT),
        RATE_LIMIT_REFUSAL_HOLD_MS: String(HOLD_MS),
        RATE_LIMIT_HELD_REFUSALS_PER_KEY: '2',
      }),
      'rate-limit',
    ));
  });
  afterAll(async () => {
    await services?.stop();
  });

  it('puts the three headers on every authenticated answer and refuses the sixth request in a minute', async () => {
    const key = workspace.keys.test;
    const answers = [
      await request(services.baseUrl, 'POST', '/v1/deployments', { key, body: { brief: 'Name a cat.', skills: ['naming'] } }),
      await request(services.baseUrl, 'POST', '/v1/deployments', { key, body: { brief: 'No skills.' } }),
      await request(services.baseUrl, 'GET', MISSING, { key }),
      await request(services.baseUrl, 'GET', MISSING, { key }),
      await request(services.baseUrl, 'GET', MISSING, { key }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 400, 404, 404, 404]);
    const now = Date.now() / 1000;
    answers.forEach((answer, index) => {
      const headers = rateHeaders(answer.headers);
      expect([headers.limit, headers.remaining]).toEqual([String(LIMIT), String(LIMIT - 1 - index)]);
      expect(Number(headers.reset)).toBeGreaterThanOrEqual(Math.floor(now));
      expect(Number(headers.reset)).toBeLessThanOrEqual(Math.ceil(now) + 61);
    });

    const refused = await request<ErrorBody>(services.baseUrl, 'GET', MISSING, { key });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited', request_id: refused.headers.get('request-id') });
    expect(refused.body.error.docs_url).toBe(`${services.baseUrl}/docs/errors/rate_limited`);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(rateHeaders(refused.headers)).toMatchObject({ limit: String(LIMIT), remaining: '0' });
  });

  it('refuses an over-limit POST before it claims its Idempotency-Key', async () => {
    const refused = await request<ErrorBody>(services.baseUrl, 'POST', '/v1/deployments', {
      key: workspace.keys.test,
      body: { brief: 'Name a dog.', skills: ['naming'] },
      headers: { 'idempotency-key': 'limited-1' },
    });
    expect(refused.status).toBe(429);
    const { rows } = await services.database.pool.query("SELECT 1 FROM idempotency_keys WHERE key = 'limited-1'");
    expect(rows).toHaveLength(0);
  });

  it('counts each API key on its own, and never meters unauthenticated requests', async () => {
    const live = await request(services.baseUrl, 'GET', MISSING, { key: workspace.keys.live });
    expect([live.status, live.headers.get('x-ratelimit-remaining')]).toEqual([404, String(LIMIT - 1)]);
    const anonymous = await request(services.baseUrl, 'GET', MISSING);
    expect([anonymous.status, anonymous.headers.get('x-ratelimit-limit')]).toEqual([401, null]);
  });

  it('answers a refused request after a pause, at most a few held at once per key', async () => {
    const timed = async () => {
      const started = performance.now();
      const answer = await request(services.baseUrl, 'GET', MISSING, { key: workspace.keys.test });
      return { status: answer.status, ms: performance.now() - started };
    };
    const alone = await timed();
    expect(alone.status).toBe(429);
    expect(alone.ms).toBeGreaterThanOrEqual(HOLD_MS - 50);
    // Two are held; the third and fourth are answered at once.
    const together = await Promise.all(Array.from({ length: 4 }, () => timed()));
    expect(together.map((answer) => answer.status)).toEqual([429, 429, 429, 429]);
    const quick = together.filter((answer) => answer.ms < HOLD_MS / 2);
    expect(quick).toHaveLength(2);
  });

  it("bounds a workspace's keys of one mode together: a fresh key gets only what the workspace has left", async () => {
    // The test key spent its 5 above; rotating it is how a tenant would get a fresh per-key window.
    const rotated = await services.ops<{ key: string }>('key:rotate', '--workspace', workspace.id, '--mode', 'test');
    const answers = [];
    for (let index = 0; index < 4; index++) answers.push(await request<ErrorBody>(services.baseUrl, 'GET', MISSING, { key: rotated.key }));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 429]);
    // Headers show the tighter window: the workspace's, with 3 of its 8 left when the new key started.
    expect(answers.slice(0, 3).map((answer) => rateHeaders(answer.headers))).toEqual(
      [2, 1, 0].map((remaining) => expect.objectContaining({ limit: String(WORKSPACE_LIMIT), remaining: String(remaining) })),
    );
    const refused = answers[3];
    expect(refused.body.error).toMatchObject({ code: 'rate_limited' });
    expect(refused.body.error.message).toContain("this workspace's test keys together sent more than 8 requests");
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Live mode has a window of its own: a test-mode flood leaves live traffic its room.
    const live = await request(services.baseUrl, 'GET', MISSING, { key: workspace.keys.live });
    expect(live.status).toBe(404);
  });

  it('keeps its windows under the test prefix, and removes them when stopped', async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      // Three keys (the first test key, its successor, the live key) and the workspace's two modes.
      expect((await redis.keys(`${services.env.REDIS_PREFIX}:ratelimit:*`)).length).toBe(5);
      await services.stop();
      expect(await redis.keys(`${services.env.REDIS_PREFIX}:*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});

describe('rate limits while Redis is down', () => {
  let services: RunningServices;

  beforeAll(async () => {
    services = await startServices({ RATE_LIMIT_PER_MINUTE: '1', REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await services?.stop();
  });

  it('fails open: requests are served, without rate-limit headers, and the gateway logs it', async () => {
    const workspace = await services.ops<Workspace>('workspace:create', '--name', 'no-redis');
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await request(services.baseUrl, 'GET', MISSING, { key: workspace.keys.test });
      expect([answer.status, answer.headers.get('x-ratelimit-limit')]).toEqual([404, null]);
    }
    expect(services.logs('gateway')).toContain('failing open');
  });
});
