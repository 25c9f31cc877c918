import { request, type ErrorBody } from '../support/http';
import { DeploymentHistory, type HistorySpec } from '../support/deployment-history';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import type { Workspace } from '../support/workspace';

interface Listed {
  id: string;
  status: string;
  skills: string[];
  created_at: string;
}
interface ListBody {
  object: string;
  data: Listed[];
  next: string | null;
  has_more: boolean;
}
interface Seeded extends HistorySpec {
  id: string;
}

const STATUSES = ['pending', 'accepted', 'in_progress', 'needs_input', 'completed', 'cancelled'] as const;
const BASE = Date.parse('2026-01-01T00:00:00.000Z');

describe('GET /v1/deployments: filters, ordering and signed cursors over HTTP', () => {
  let services: RunningServices;
  let a: Workspace;
  let b: Workspace;
  let history: DeploymentHistory;
  const seeded: Seeded[] = [];
  const ofB: string[] = [];

  const list = (key: string, query = '') => request<ListBody>(services.baseUrl, 'GET', `/v1/deployments${query}`, { key });
  /** What A's live key must see: newest first, ties on created_at broken by id, descending. */
  const expected = (keep: (seed: Seeded) => boolean = () => true): string[] =>
    seeded
      .filter(keep)
      .sort((x, y) => (x.createdAt === y.createdAt ? (x.id < y.id ? 1 : -1) : Date.parse(y.createdAt) - Date.parse(x.createdAt)))
      .map((seed) => seed.id);
  /** Follows `next` until null; returns the ids in order and the page sizes. */
  async function walk(key: string, query: string): Promise<{ ids: string[]; sizes: number[] }> {
    const ids: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await list(key, `${query}${suffix}`);
      expect(page.status).toBe(200);
      ids.push(...page.body.data.map((item) => item.id));
      sizes.push(page.body.data.length);
      expect(page.body.has_more).toBe(page.body.next !== null);
      cursor = page.body.next;
    } while (cursor !== null);
    return { ids, sizes };
  }

  beforeAll(async () => {
    services = await sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' });
    [a, b] = await Promise.all([
      services.ops<Workspace>('workspace:create', '--name', 'list-a'),
      services.ops<Workspace>('workspace:create', '--name', 'list-b'),
    ]);
    history = new DeploymentHistory(services.database.pool);
    // 25 live deployments in A, a minute apart, except 4 and 5 which share created_at (id breaks the tie).
    for (let index = 0; index < 25; index++) {
      const minute = index === 5 ? 4 : index;
      const spec: HistorySpec = {
        workspaceId: a.id,
        mode: 'live',
        status: STATUSES[index % STATUSES.length],
        createdAt: new Date(BASE + minute * 60_000).toISOString(),
        skills: index % 2 === 0 ? ['copywriting'] : ['naming', 'research'],
      };
      seeded.push({ ...spec, id: await history.append(spec) });
    }
    for (let index = 0; index < 3; index++) {
      ofB.push(await history.append({ workspaceId: b.id, mode: 'live', status: 'pending', createdAt: new Date(BASE + index * 60_000).toISOString() }));
    }
  });

  afterAll(async () => {
    await history?.close();
    await services?.stop();
  });

  it('lists most recent first in the list envelope, 20 by default', async () => {
    const page = await list(a.keys.live);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ object: 'list', has_more: true, next: expect.any(String) });
    expect(page.body.data.map((item) => item.id)).toEqual(expected().slice(0, 20));
    // Items are the full deployment object, as GET /v1/deployments/:id returns it.
    const single = await request<Listed>(services.baseUrl, 'GET', `/v1/deployments/${page.body.data[3].id}`, { key: a.keys.live });
    expect(page.body.data[3]).toEqual(single.body);
  });

  it('filters by one or several statuses, by skill, and by created_after (inclusive)', async () => {
    const pending = await list(a.keys.live, '?status=pending');
    expect(pending.body.data.map((item) => item.id)).toEqual(expected((seed) => seed.status === 'pending'));
    const two = await list(a.keys.live, '?status=pending&status=needs_input');
    expect(two.body.data.map((item) => item.id)).toEqual(expected((seed) => seed.status === 'pending' || seed.status === 'needs_input'));
    const naming = await list(a.keys.live, '?skill=naming&limit=100');
    expect(naming.body.data.map((item) => item.id)).toEqual(expected((seed) => seed.skills?.includes('naming') === true));
    const bound = seeded[20].createdAt;
    const recent = await list(a.keys.live, `?created_after=${encodeURIComponent(bound)}`);
    expect(recent.body.data.map((item) => item.id)).toEqual(expected((seed) => seed.createdAt >= bound));
    expect(recent.body.data.map((item) => item.id)).toContain(seeded[20].id);
    const combined = await list(a.keys.live, `?status=accepted&status=completed&skill=naming&created_after=${encodeURIComponent(seeded[6].createdAt)}`);
    expect(combined.body.data.map((item) => item.id)).toEqual(
      expected((seed) => ['accepted', 'completed'].includes(seed.status) && seed.skills?.includes('naming') === true && seed.createdAt >= seeded[6].createdAt),
    );
    expect(combined.body.data.length).toBeGreaterThan(0);
  });

  it('keeps limit within 1 to 100', async () => {
    const one = await list(a.keys.live, '?limit=1');
    expect([one.body.data.length, one.body.has_more]).toEqual([1, true]);
    const hundred = await list(a.keys.live, '?limit=100');
    expect([hundred.body.data.length, hundred.body.has_more, hundred.body.next]).toEqual([25, false, null]);
    for (const limit of ['0', '101', 'ten', '-5', '2.5']) {
      const refused = await request<ErrorBody>(services.baseUrl, 'GET', `/v1/deployments?limit=${limit}`, { key: a.keys.live });
      expect([refused.status, refused.body.error.code, refused.body.error.param]).toEqual([400, 'invalid_request', 'limit']);
    }
  });

  it('pages with next until null, without gaps or repeats, with and without filters', async () => {
    const all = await walk(a.keys.live, '?limit=7');
    expect(all.sizes).toEqual([7, 7, 7, 4]);
    expect(all.ids).toEqual(expected());
    const filtered = await walk(a.keys.live, '?status=pending&status=completed&limit=2');
    expect(filtered.ids).toEqual(expected((seed) => seed.status === 'pending' || seed.status === 'completed'));
  });

  it("refuses a forged or altered cursor, another workspace's or mode's, and one with other filters", async () => {
    const first = await list(a.keys.live, '?limit=2');
    const cursor = first.body.next ?? '';
    const [body, signature] = cursor.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...payload, w: b.id })).toString('base64url')}.${signature}`;
    const fromB = (await list(b.keys.live, '?limit=1')).body.next ?? '';
    const cases: [string, string, string][] = [
      [a.keys.live, 'cursor=bm90LWEtY3Vyc29y', 'forged'],
      [a.keys.live, `cursor=${encodeURIComponent(forged)}`, 'payload altered'],
      [a.keys.live, `cursor=${encodeURIComponent(fromB)}`, 'another workspace'],
      [b.keys.live, `cursor=${encodeURIComponent(cursor)}`, 'used by another workspace'],
      [a.keys.test, `cursor=${encodeURIComponent(cursor)}`, 'used by the other mode'],
      [a.keys.live, `status=pending&cursor=${encodeURIComponent(cursor)}`, 'other filters'],
    ];
    for (const [key, query, label] of cases) {
      const refused = await request<ErrorBody>(services.baseUrl, 'GET', `/v1/deployments?limit=2&${query}`, { key });
      expect({ label, status: refused.status, code: refused.body.error.code, param: refused.body.error.param }).toEqual({
        label,
        status: 400,
        code: 'invalid_request',
        param: 'cursor',
      });
    }
  });

  it("never lists another workspace's deployments, nor the other mode's", async () => {
    const ofA = (await walk(a.keys.live, '?limit=100')).ids;
    expect(ofA.filter((id) => ofB.includes(id))).toEqual([]);
    expect((await walk(b.keys.live, '?limit=100')).ids).toEqual([...ofB].reverse());
    const created = await request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', {
      key: a.keys.test,
      body: { brief: 'Test mode.', skills: ['naming'] },
    });
    const testList = await list(a.keys.test);
    expect(testList.body.data.map((item) => item.id)).toEqual([created.body.id]);
    expect(ofA).not.toContain(created.body.id);
  });

  it('refuses unknown query parameters and invalid filter values, naming them', async () => {
    const cases: [string, string][] = [
      ['stauts=pending', 'stauts'],
      ['status=done', 'status'],
      ['status=pending&status=nope', 'status'],
      ['skill=Not%20A%20Tag', 'skill'],
      ['created_after=yesterday', 'created_after'],
    ];
    for (const [query, param] of cases) {
      const refused = await request<ErrorBody>(services.baseUrl, 'GET', `/v1/deployments?${query}`, { key: a.keys.live });
      expect([refused.status, refused.body.error.param]).toEqual([400, param]);
      expect(refused.body.error.message).toContain(param);
    }
    const noKey = await request<ErrorBody>(services.baseUrl, 'GET', '/v1/deployments');
    expect([noKey.status, noKey.body.error.code]).toEqual([401, 'authentication_failed']);
  });
});
