import { waitUntil } from '@eh/platform/testing';
import { request } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';
import { DASHBOARD_ENV, errorOf, workspaceWithOwner, type CreatedWorkspace, type MemberClient } from './support/dashboard-client';

interface Delivery {
  id: string;
  status: string;
  mode: string;
  event_type: string;
  deployment_id: string | null;
  endpoint_id: string | null;
  attempts: number;
  attempt_history?: { attempt: number; status_code: number | null }[];
  body?: string;
}

interface Replay {
  id: string;
  status: string;
  matched: number;
  replayed: number;
  skipped: number;
}

/**
 * A partner's deliveries: the list with every filter and its cursor, one with all its
 * attempts, a receiver answering 500 that fills the dead letters, and replays (one, bulk) that
 * reach the receiver with the original `Service-Delivery`, scoped to the key's workspace and mode.
 */
describe('a partner’s webhook deliveries, dead letters and replays', () => {
  let services: RunningServices;
  let receiver: WebhookReceiver;
  let workspace: CreatedWorkspace;
  let owner: MemberClient;
  let failing = true;
  const deploymentIds: string[] = [];
  const key = (): string => workspace.keys.test;
  const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, apiKey = key()) =>
    request<T>(services.baseUrl, method, path, { key: apiKey, body });
  const list = async (query: string): Promise<{ data: Delivery[]; next: string | null; has_more: boolean }> =>
    (await call<{ data: Delivery[]; next: string | null; has_more: boolean }>('GET', `/v1/webhook_deliveries?${query}`)).body;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    receiver.behave('/flaky', () => ({ status: failing ? 500 : 200 }));
    services = await sharedServices(DASHBOARD_ENV);
    ({ workspace, owner } = await workspaceWithOwner(services, 'Replays', 'owner@replays.example'));
    expect((await call('POST', '/v1/webhook_endpoints', { url: receiver.url('/flaky'), enabled_events: ['deployment.completed'] })).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const created = await call<{ id: string }>('POST', '/v1/deployments', { brief: `Tagline ${i} for a bakery.`, skills: ['copywriting'] });
      deploymentIds.push(created.body.id);
    }
    // 1 attempt + 6 retries of 100 ms each: every delivery dead-letters.
    await waitUntil(async () => ((await list('status=dead_lettered')).data.length >= 3 ? true : undefined), {
      timeoutMs: 30_000,
      description: 'three dead letters',
    });
  });
  afterAll(async () => {
    await services?.stop();
    await receiver?.close();
  });

  it('lists the dead letters of the mode with their attempts; the other mode and another workspace see none', async () => {
    const dead = await list('status=dead_lettered&event_type=deployment.completed');
    expect(dead.data.map((d) => d.deployment_id).sort()).toEqual([...deploymentIds].sort());
    expect(dead.data.every((d) => d.mode === 'test' && d.attempts === 7 && d.event_type === 'deployment.completed')).toBe(true);
    const detail = await call<Delivery>('GET', `/v1/webhook_deliveries/${dead.data[0].id}`);
    expect(detail.body.attempt_history).toHaveLength(7);
    expect(detail.body.attempt_history?.every((a) => a.status_code === 500)).toBe(true);
    expect(JSON.parse(detail.body.body ?? '{}')).toMatchObject({ type: 'deployment.completed' });
    expect((await list('status=dead_lettered')).data.length).toBe(3);
    expect((await call<{ data: Delivery[] }>('GET', '/v1/webhook_deliveries', undefined, workspace.keys.live)).body.data).toEqual([]);
    expect(errorOf(await call('GET', `/v1/webhook_deliveries/${dead.data[0].id}`, undefined, workspace.keys.live))).toMatchObject({ status: 404, param: 'id' });
    const other = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'Other');
    expect((await call<{ data: Delivery[] }>('GET', '/v1/webhook_deliveries', undefined, other.keys.test)).body.data).toEqual([]);
    expect(errorOf(await call('POST', `/v1/webhook_deliveries/${dead.data[0].id}/replay`, undefined, other.keys.test))).toMatchObject({ status: 404 });
  });

  it('pages with a cursor bound to its filters, workspace and mode', async () => {
    const first = await list('limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = await list(`limit=2&cursor=${first.next}`);
    expect(second.data.map((d) => d.id)).not.toContain(first.data[0].id);
    expect(errorOf(await call('GET', `/v1/webhook_deliveries?status=failed&cursor=${first.next}`))).toMatchObject({ status: 400, param: 'cursor' });
    expect(errorOf(await call('GET', `/v1/webhook_deliveries?cursor=${first.next}`, undefined, workspace.keys.live))).toMatchObject({
      status: 400,
      param: 'cursor',
    });
    expect(errorOf(await call('GET', '/v1/webhook_deliveries?cursor=abc'))).toMatchObject({ status: 400, param: 'cursor' });
  });

  it.each([
    ['status=lost', 'status'],
    ['status=failed&status=succeeded', 'status'],
    ['event_type=deployment.created', 'event_type'],
    ['created_after=yesterday', 'created_after'],
    ['limit=101', 'limit'],
    ['workspace_id=ws_1', 'workspace_id'],
  ])('refuses ?%s (400 naming %s)', async (query, param) => {
    expect(errorOf(await call('GET', `/v1/webhook_deliveries?${query}`))).toMatchObject({ status: 400, code: 'invalid_request', param });
  });

  it('filters by deployment, endpoint and time', async () => {
    expect((await list(`deployment_id=${deploymentIds[0]}`)).data.map((d) => d.deployment_id)).toEqual([deploymentIds[0]]);
    const all = await list('limit=100');
    expect((await list(`endpoint_id=${all.data[0].endpoint_id}`)).data.length).toBe(3);
    expect((await list('created_after=2999-01-01T00:00:00Z')).data).toEqual([]);
    expect((await list('created_before=2000-01-01T00:00:00Z')).data).toEqual([]);
  });

  it('replays one dead letter: the receiver gets it again with the original Service-Delivery; a success can be resent too', async () => {
    failing = false;
    const [dead] = (await list(`status=dead_lettered&deployment_id=${deploymentIds[0]}`)).data;
    const before = receiver.at('/flaky').filter((w) => w.deliveryId === dead.id).length;
    const replayed = await call<Delivery>('POST', `/v1/webhook_deliveries/${dead.id}/replay`);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({ id: dead.id, status: 'scheduled' });
    await waitUntil(() => (receiver.processed.has(dead.id) ? true : undefined), { description: 'the replayed delivery' });
    expect(receiver.at('/flaky').filter((w) => w.deliveryId === dead.id).length).toBe(before + 1);
    await waitUntil(async () => ((await call<Delivery>('GET', `/v1/webhook_deliveries/${dead.id}`)).body.status === 'succeeded' ? true : undefined), {
      description: 'succeeded',
    });
    // Resending a success: the same id once more (a pending one is 409: test/partner/webhook-parity.e2e.ts).
    expect((await call<Delivery>('POST', `/v1/webhook_deliveries/${dead.id}/replay`)).body).toMatchObject({ id: dead.id, status: 'scheduled' });
    await waitUntil(() => (receiver.at('/flaky').filter((w) => w.deliveryId === dead.id).length === before + 2 ? true : undefined), {
      description: 'the success resent',
    });
    await waitUntil(async () => ((await call<Delivery>('GET', `/v1/webhook_deliveries/${dead.id}`)).body.status === 'succeeded' ? true : undefined), {
      description: 'succeeded again',
    });
    expect(errorOf(await call('POST', '/v1/webhook_deliveries/del_01JZZZZZZZZZZZZZZZZZZZZZZZ/replay'))).toMatchObject({ status: 404 });
    expect(errorOf(await call('POST', `/v1/webhook_deliveries/${dead.id}/replay`, { force: true }))).toMatchObject({ status: 400, param: 'force' });
  });

  it('replays the rest in bulk as a job whose progress can be read, from the dashboard', async () => {
    const started = await owner.call<Replay>('POST', '/v1/webhook_deliveries/replay', { body: { event_type: 'deployment.completed' }, mode: 'test' });
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/v1/webhook_replays/${started.body.id}`);
    expect(started.body).toMatchObject({
      object: 'webhook_replay',
      id: expect.stringMatching(/^wrp_/),
      mode: 'test',
      matched: 2,
      filter: { event_type: 'deployment.completed' },
    });
    const done = await waitUntil(
      async () => {
        const job = await owner.call<Replay>('GET', `/v1/webhook_replays/${started.body.id}`, { mode: 'test' });
        return job.body.status === 'completed' ? job.body : undefined;
      },
      { description: 'the replay job to complete' },
    );
    expect(done).toMatchObject({ matched: 2, replayed: 2, skipped: 0, completed_at: expect.any(String) });
    for (const id of deploymentIds.slice(1)) {
      const [delivery] = (await list(`deployment_id=${id}`)).data;
      await waitUntil(() => (receiver.processed.has(delivery.id) ? true : undefined), { description: `replay of ${delivery.id}` });
    }
    // Nothing left: a second job matches nothing and completes at once.
    const again = await call<Replay>('POST', '/v1/webhook_deliveries/replay', {});
    expect(again.body.matched).toBe(0);
    expect(errorOf(await call('GET', `/v1/webhook_replays/${started.body.id}`, undefined, workspace.keys.live))).toMatchObject({ status: 404 });
    expect(errorOf(await call('GET', '/v1/webhook_replays/wrp_01JZZZZZZZZZZZZZZZZZZZZZZZ'))).toMatchObject({ status: 404 });
    expect(errorOf(await call('POST', '/v1/webhook_deliveries/replay', { created_after: 'soon' }))).toMatchObject({ status: 400, param: 'created_after' });
    expect(errorOf(await call('POST', '/v1/webhook_deliveries/replay', { workspace_id: workspace.id }))).toMatchObject({ status: 400, param: 'workspace_id' });
    const log = await owner.call<{ data: { action: string }[] }>('GET', '/console/api/v1/audit_log?action=webhook_replay.requested');
    expect(log.body.data.length).toBeGreaterThanOrEqual(1);
  });
});
