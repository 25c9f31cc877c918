import { ExpertHandoff, type ServiceEvent } from '@expert-handoff/sdk';
import { PUBLIC_EVENT_TYPES } from '@eh/contracts';
import { waitUntil } from '@eh/platform/testing';
import { request, type ErrorBody } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { FAST_CLOCKS, RouterE2e, type Workspace, startRouterSuite } from '../routing/support/routing-e2e';

/**
 * `GET /v1/events`, the pull path: a workspace's public events of the key's mode, newest first,
 * paged (through the SDK's auto-pagination) over more than 1,000 events, never another
 * workspace's or the other mode's; its filters; `GET /v1/events/:id`.
 */
describe('GET /v1/events', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let other: Workspace;
  let client: ExpertHandoff;
  const liveIds: string[] = [];
  const otherIds: string[] = [];

  const publicEventsOf = async (keyMode: 'test' | 'live', ids: readonly string[]): Promise<number> => {
    const { rows } = await services.database.pool.query<{ count: string }>(`SELECT count(*) FROM events WHERE stream_name = ANY($1) AND event_type = ANY($2)`, [
      ids.map((id) => `deployment-${id}`),
      PUBLIC_EVENT_TYPES.filter((type) => type.startsWith('deployment.')),
    ]);
    void keyMode;
    return Number(rows[0].count);
  };

  beforeAll(async () => {
    ({ services, e2e, workspace } = await startRouterSuite(sharedServices(FAST_CLOCKS), 'events-list'));
    other = await services.ops<Workspace>('workspace:create', '--name', 'events-list-other');
    client = new ExpertHandoff({ apiKey: workspace.keys.test, baseUrl: services.baseUrl });
    await e2e.addExpert(['events-live'], 30, { availability: 'online' });
    // Test mode: each deployment makes three public events (accepted, in_progress, completed); ten created at a time.
    const testIds: string[] = [];
    for (let batch = 0; batch < 34; batch++) {
      testIds.push(
        ...(await Promise.all(
          Array.from(
            { length: 10 },
            async (_unused, index) => (await e2e.create(workspace.keys.test, { brief: `Tagline ${batch}-${index}.`, skills: ['copywriting'] })).body.id,
          ),
        )),
      );
    }
    for (let index = 0; index < 5; index++)
      otherIds.push((await e2e.create(other.keys.test, { brief: 'Another workspace.', skills: ['copywriting'] })).body.id);
    // Live mode: created and cancelled (one public event each).
    for (let index = 0; index < 3; index++) {
      const id = (await e2e.create(workspace.keys.live, { brief: 'Live work.', skills: ['events-live'] })).body.id;
      await request(services.baseUrl, 'POST', `/v1/deployments/${id}/cancel`, { key: workspace.keys.live });
      liveIds.push(id);
    }
    await waitUntil(async () => ((await publicEventsOf('test', testIds)) >= 1020 ? true : undefined), {
      timeoutMs: 150_000,
      description: 'the test deployments completed',
    });
  }, 300_000);

  afterAll(async () => {
    await services?.stop();
  });

  it('pages through every event of the workspace and mode, newest first, and nothing else', async () => {
    const seen: ServiceEvent[] = [];
    for await (const event of client.events.listAll({ limit: 100 })) seen.push(event);
    expect(seen.length).toBeGreaterThanOrEqual(1020);
    expect(new Set(seen.map((event) => event.id)).size).toBe(seen.length);
    const objects = seen.map((event) => event.data.object as { id: string });
    for (const id of [...liveIds, ...otherIds]) expect(objects.some((object) => object.id === id)).toBe(false);
    // Newest first in the store's commit order (an event's created_at is its command's time, which commits may pass by milliseconds).
    const { rows } = await services.database.pool.query<{ event_id: string }>(
      'SELECT event_id FROM events WHERE event_id = ANY($1) ORDER BY transaction_id DESC, global_position DESC',
      [seen.map((event) => event.id)],
    );
    expect(rows.map((row) => row.event_id)).toEqual(seen.map((event) => event.id));
    expect(seen[0]).toMatchObject({ object: 'event', type: expect.stringMatching(/^deployment\./), data: { object: { id: expect.stringMatching(/^dep_/) } } });

    const live = await request<{ data: ServiceEvent[]; next: string | null }>(services.baseUrl, 'GET', '/v1/events', { key: workspace.keys.live });
    expect(live.body.data.map((event) => (event.data.object as { id: string }).id).sort()).toEqual([...liveIds].sort());
    expect(live.body.data.every((event) => event.type === 'deployment.cancelled')).toBe(true);
  });

  it('filters by type and deployment, and shows one event by id in its own workspace and mode only', async () => {
    const completed = await client.events.list({ type: 'deployment.completed', limit: 5 });
    expect(completed.data).toHaveLength(5);
    expect(completed.data.every((event) => event.type === 'deployment.completed')).toBe(true);
    const deploymentId = (completed.data[0].data.object as { id: string }).id;
    const ofOne = await client.events.list({ deployment_id: deploymentId });
    expect(ofOne.data.map((event) => event.type)).toEqual(['deployment.completed', 'deployment.in_progress', 'deployment.accepted']);
    expect(ofOne.next).toBeNull();
    const inFuture = await client.events.list({ created_after: new Date(Date.now() + 60_000).toISOString() });
    expect(inFuture.data).toEqual([]);

    const one = ofOne.data[0];
    expect(await client.events.retrieve(one.id)).toEqual(one);
    const elsewhere = await request<ErrorBody>(services.baseUrl, 'GET', `/v1/events/${one.id}`, { key: other.keys.test });
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([404, 'not_found']);
    const otherMode = await request<ErrorBody>(services.baseUrl, 'GET', `/v1/events/${one.id}`, { key: workspace.keys.live });
    expect(otherMode.status).toBe(404);
  });

  it('refuses bad filters by name', async () => {
    for (const [path, param] of [
      ['/v1/events?type=deployment.teleported', 'type'],
      ['/v1/events?deployment_id=nope', 'deployment_id'],
      ['/v1/events?created_after=yesterday', 'created_after'],
      ['/v1/events?limit=1000', 'limit'],
      ['/v1/events?cursor=abc', 'cursor'],
      ['/v1/events?colour=red', 'colour'],
    ] as const) {
      const refused = await request<ErrorBody>(services.baseUrl, 'GET', path, { key: workspace.keys.test });
      expect([refused.status, refused.body.error.param]).toEqual([400, param]);
    }
  });
});
