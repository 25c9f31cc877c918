/**
 * Brand memory over HTTP: create, read, list, replace, delete; the 100 KB and key
 * rules; saving a completed output as a prior output; and nothing crossing a workspace or mode.
 */
import { request, type ErrorBody, type JsonResponse } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { RouterE2e, type Workspace } from '../routing/support/routing-e2e';

interface Entry {
  object: string;
  key: string;
  kind: string;
  body: string;
  source: { deployment_id: string; handoff_id: string | null } | null;
  created_at: string;
  updated_at: string;
}
type Reply = Entry & ErrorBody & { deleted?: boolean };

describe('brand memory', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let a: Workspace;
  let b: Workspace;
  const call = (key: string, method: string, path: string, body?: unknown): Promise<JsonResponse<Reply>> =>
    request<Reply>(services.baseUrl, method, path, { key, body });

  beforeAll(async () => {
    services = await sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' });
    e2e = new RouterE2e(services);
    [a, b] = await Promise.all([
      services.ops<Workspace>('workspace:create', '--name', 'memory-a'),
      services.ops<Workspace>('workspace:create', '--name', 'memory-b'),
    ]);
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('creates (201), reads, replaces (200), leaves an identical PUT unchanged, lists and deletes an entry', async () => {
    const created = await call(a.keys.test, 'PUT', '/v1/memory/brand.voice', { kind: 'voice', body: '# Voice\nDry, warm, short.' });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/v1/memory/brand.voice');
    expect(created.headers.get('x-ratelimit-limit')).toBe('100000');
    expect(created.body).toEqual({
      object: 'memory_entry',
      key: 'brand.voice',
      kind: 'voice',
      body: '# Voice\nDry, warm, short.',
      source: null,
      created_at: expect.any(String),
      updated_at: created.body.created_at,
    });
    expect((await call(a.keys.test, 'GET', '/v1/memory/brand.voice')).body).toEqual(created.body);

    const replaced = await call(a.keys.test, 'PUT', '/v1/memory/brand.voice', { kind: 'voice', body: 'Dry and warm.' });
    expect([replaced.status, replaced.body.body, replaced.body.created_at]).toEqual([200, 'Dry and warm.', created.body.created_at]);
    const same = await call(a.keys.test, 'PUT', '/v1/memory/brand.voice', { kind: 'voice', body: 'Dry and warm.' });
    expect([same.status, same.body.updated_at]).toEqual([200, replaced.body.updated_at]);

    await call(a.keys.test, 'PUT', '/v1/memory/positioning', { kind: 'positioning', body: 'The bakery for early risers.' });
    await call(a.keys.test, 'PUT', '/v1/memory/notes-1', { kind: 'other', body: 'Never mention price.' });
    const page1 = await request<{ object: string; data: Entry[]; next: string | null; has_more: boolean }>(services.baseUrl, 'GET', '/v1/memory?limit=2', {
      key: a.keys.test,
    });
    expect(page1.body).toMatchObject({ object: 'list', has_more: true, next: expect.any(String) });
    expect(page1.body.data.map((entry) => entry.key)).toEqual(['brand.voice', 'notes-1']);
    const page2 = await request<{ data: Entry[]; next: string | null; has_more: boolean }>(
      services.baseUrl,
      'GET',
      `/v1/memory?limit=2&cursor=${page1.body.next}`,
      { key: a.keys.test },
    );
    expect([page2.body.data.map((entry) => entry.key), page2.body.next, page2.body.has_more]).toEqual([['positioning'], null, false]);
    const voices = await request<{ data: Entry[] }>(services.baseUrl, 'GET', '/v1/memory?kind=positioning', { key: a.keys.test });
    expect(voices.body.data.map((entry) => entry.key)).toEqual(['positioning']);

    const deleted = await call(a.keys.test, 'DELETE', '/v1/memory/notes-1');
    expect([deleted.status, deleted.body]).toEqual([200, { object: 'memory_entry', key: 'notes-1', deleted: true }]);
    expect((await call(a.keys.test, 'GET', '/v1/memory/notes-1')).status).toBe(404);
    expect((await call(a.keys.test, 'DELETE', '/v1/memory/notes-1')).body.error.code).toBe('not_found');
  });

  it('refuses a bad kind, key, body or field with 400 naming it', async () => {
    const cases: [string, unknown, string][] = [
      ['/v1/memory/ok', { kind: 'tone', body: 'x' }, 'kind'],
      ['/v1/memory/ok', { kind: 'voice', body: '' }, 'body'],
      ['/v1/memory/ok', { kind: 'voice', body: 'x'.repeat(100 * 1024 + 1) }, 'body'],
      ['/v1/memory/ok', { kind: 'voice', body: 'x', extra: 1 }, 'extra'],
      ['/v1/memory/Bad_Key', { kind: 'voice', body: 'x' }, 'key'],
    ];
    for (const [path, body, param] of cases) {
      const refused = await call(a.keys.test, 'PUT', path, body);
      expect([refused.status, refused.body.error.code, refused.body.error.param]).toEqual([400, 'invalid_request', param]);
    }
    expect((await call(a.keys.test, 'PUT', '/v1/memory/ok', { kind: 'voice', body: 'x'.repeat(100 * 1024) })).status).toBe(201);
    expect((await request(services.baseUrl, 'GET', '/v1/memory/ok')).status).toBe(401);
  });

  it('keeps memory inside its workspace and mode: another workspace or the live key gets 404', async () => {
    await call(a.keys.test, 'PUT', '/v1/memory/secret-positioning', { kind: 'positioning', body: 'Only for A.' });
    for (const key of [b.keys.test, b.keys.live, a.keys.live]) {
      expect((await call(key, 'GET', '/v1/memory/secret-positioning')).status).toBe(404);
      expect((await call(key, 'DELETE', '/v1/memory/secret-positioning')).status).toBe(404);
      const list = await request<{ data: Entry[] }>(services.baseUrl, 'GET', '/v1/memory', { key });
      expect(list.body.data.map((entry) => entry.key)).not.toContain('secret-positioning');
    }
    // B writing the same key makes B's own entry; A's is untouched.
    expect((await call(b.keys.test, 'PUT', '/v1/memory/secret-positioning', { kind: 'other', body: 'B.' })).status).toBe(201);
    expect((await call(a.keys.test, 'GET', '/v1/memory/secret-positioning')).body.body).toBe('Only for A.');
  });

  it('saves a completed output as a prior output; only completed, only its own workspace', async () => {
    const done = await e2e.create(a.keys.test, { brief: 'Write a tagline for a bakery.', skills: ['copywriting'] });
    const completed = await e2e.waitForStatus(a.keys.test, done.body.id, 'completed');
    const saved = await call(a.keys.test, 'POST', `/v1/deployments/${done.body.id}/save-output`);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      key: `prior-output.${done.body.id.toLowerCase()}`,
      kind: 'prior_output',
      body: completed.output?.body,
      source: { deployment_id: done.body.id, handoff_id: null },
    });
    expect((await call(a.keys.test, 'POST', `/v1/deployments/${done.body.id}/save-output`, { key: 'tagline.best' })).status).toBe(201);
    expect((await call(a.keys.test, 'POST', `/v1/deployments/${done.body.id}/save-output`, { key: 'tagline.best' })).status).toBe(200);

    const waiting = await e2e.create(a.keys.test, { brief: 'Hold on.', skills: ['copywriting'], metadata: { test_script: 'stay_accepted' } });
    await e2e.waitForStatus(a.keys.test, waiting.body.id, 'accepted');
    const early = await call(a.keys.test, 'POST', `/v1/deployments/${waiting.body.id}/save-output`);
    expect([early.status, early.body.error.code]).toEqual([409, 'deployment_not_completed']);
    const stranger = await call(b.keys.test, 'POST', `/v1/deployments/${done.body.id}/save-output`);
    expect([stranger.status, stranger.body.error.code]).toEqual([404, 'not_found']);
  });
});
