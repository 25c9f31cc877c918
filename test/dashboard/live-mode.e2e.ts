import { waitUntil } from '@eh/platform/testing';
import { verifyWebhook } from '@eh/webhook-signature';
import { request } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';
import { ADMIN_HEADERS, DASHBOARD_ENV, errorOf, workspaceWithOwner, type CreatedWorkspace, type MemberClient } from './support/dashboard-client';

/** Only this file's expert has it: the stack is shared, and another file's expert must not take these offers, nor this one theirs. */
const SKILL = 'live-mode-copywriting';

/**
 * The dashboard and partner API in live mode, with a real expert: endpoints of the live mode get live events only, the
 * usage history shows the charge, test-mode data never appears in live mode; and the per-member
 * rate limit.
 */
describe('live mode: endpoints, usage history, isolation from test mode', () => {
  let services: RunningServices;
  let receiver: WebhookReceiver;
  let workspace: CreatedWorkspace;
  let owner: MemberClient;
  let expert: { id: string; credential: string };
  const asExpert = (method: string, path: string, body?: unknown) => request(services.baseUrl, method, `/expert/v1${path}`, { key: expert.credential, body });

  /** A live deployment worked by the expert to completion, charged `credits`. */
  async function completeLive(credits: number): Promise<string> {
    const created = await request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', {
      key: workspace.keys.live,
      body: { brief: 'Write a tagline for a bakery.', skills: [SKILL] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await waitUntil(async () => ((await asExpert('POST', `/deployments/${id}/accept`)).status === 200 ? true : undefined), {
      timeoutMs: 10_000,
      description: 'the offer',
    });
    expect((await asExpert('POST', `/deployments/${id}/start`)).status).toBe(200);
    expect((await asExpert('POST', `/deployments/${id}/publish`, { body: '# Done', duration_seconds: 600, credits_charged: credits })).status).toBe(200);
    return id;
  }

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    services = await sharedServices(DASHBOARD_ENV);
    ({ workspace, owner } = await workspaceWithOwner(services, 'Live', 'owner@live.example'));
    const registered = await request<{ expert: { id: string }; credential: string }>(services.baseUrl, 'POST', '/admin/v1/experts', {
      headers: ADMIN_HEADERS,
      body: {
        name: 'Ada',
        role: 'Copywriter',
        skills: [SKILL],
        tenure_years: 5,
        median_turnaround_minutes: 30,
        rate_credits_per_hour: 60,
        availability: 'online',
      },
    });
    expert = { id: registered.body.expert.id, credential: registered.body.credential };
    await request(services.baseUrl, 'POST', `/admin/v1/workspaces/${workspace.id}/account/credits`, {
      headers: ADMIN_HEADERS,
      body: { credits: 1000, reference: 'live-e2e' },
    });
  });
  afterAll(async () => {
    await services?.stop();
    await receiver?.close();
  });

  it('a live endpoint gets the live deployment’s matching events, signed with its secret; a test endpoint none', async () => {
    const liveEndpoint = await owner.call<{ id: string; secret: string }>('POST', '/v1/webhook_endpoints', {
      body: { url: receiver.url('/live'), enabled_events: ['deployment.accepted', 'deployment.completed'] },
      mode: 'live',
    });
    await owner.call('POST', '/v1/webhook_endpoints', { body: { url: receiver.url('/test') }, mode: 'test' });
    const id = await completeLive(30);
    const delivered = await receiver.waitForDeliveries('/live', 2);
    expect(delivered.map((w) => w.event).sort()).toEqual(['deployment.accepted', 'deployment.completed']);
    for (const w of delivered) expect(verifyWebhook({ payload: w.body, header: w.signature, secrets: [liveEndpoint.body.secret] }).valid).toBe(true);
    expect(JSON.parse(delivered[0].body).data.object.id).toBe(id);
    expect(receiver.at('/test')).toEqual([]);
    const deliveries = await owner.call<{ data: { mode: string; deployment_id: string }[] }>('GET', '/v1/webhook_deliveries', { mode: 'live' });
    expect(deliveries.body.data.every((d) => d.mode === 'live')).toBe(true);
    expect((await owner.call<{ data: unknown[] }>('GET', '/v1/webhook_deliveries', { mode: 'test' })).body.data).toEqual([]);
  });

  it('the usage history shows the day’s charge in live mode and zeros in test mode', async () => {
    const live = await owner.call<{ object: string; days: { date: string; credits_charged: number; deployments_completed: number }[] }>(
      'GET',
      '/v1/usage/history?days=7',
      { mode: 'live' },
    );
    expect(live.body.object).toBe('usage_history');
    expect(live.body.days).toHaveLength(7);
    const today = live.body.days[6];
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    expect(today).toMatchObject({ credits_charged: 30, deployments_completed: 1 });
    const test = await owner.call<{ days: { credits_charged: number }[] }>('GET', '/v1/usage/history', { mode: 'test' });
    expect(test.body.days).toHaveLength(30);
    expect(test.body.days.every((d) => d.credits_charged === 0)).toBe(true);
    for (const query of ['days=0', 'days=91', 'days=x', 'days=1&days=2', 'from=2030-01-01']) {
      const refused = errorOf(await owner.call('GET', `/v1/usage/history?${query}`, { mode: 'live' }));
      expect([query, refused.status]).toEqual([query, 400]);
    }
    expect(errorOf(await request(services.baseUrl, 'GET', '/v1/usage/history'))).toMatchObject({ status: 401 });
  });

  it('a test-mode deployment appears in no live list, event stream or delivery', async () => {
    const test = await owner.call<{ id: string }>('POST', '/v1/deployments', { body: { brief: 'A test brief.', skills: ['copywriting'] }, mode: 'test' });
    const liveList = await owner.call<{ data: { id: string }[] }>('GET', '/v1/deployments?limit=100', { mode: 'live' });
    expect(liveList.body.data.map((d) => d.id)).not.toContain(test.body.id);
    expect(errorOf(await owner.call('GET', `/v1/deployments/${test.body.id}/events`, { mode: 'live' }))).toMatchObject({ status: 404 });
    expect(
      (await owner.call<{ data: { deployment_id: string }[] }>('GET', `/v1/webhook_deliveries?deployment_id=${test.body.id}`, { mode: 'live' })).body.data,
    ).toEqual([]);
  });
});

describe('the per-member rate limit', () => {
  let services: RunningServices;
  let owner: MemberClient;

  beforeAll(async () => {
    services = await startServices({ ...DASHBOARD_ENV, RATE_LIMIT_PER_MINUTE: '4' });
    ({ owner } = await workspaceWithOwner(services, 'Busy', 'owner@busy.example'));
  });
  afterAll(() => services?.stop());

  it('counts a member’s /v1 and console calls together, both modes; then 429 with Retry-After', async () => {
    expect((await owner.call('GET', '/v1/webhook_endpoints', { mode: 'test' })).headers.get('x-ratelimit-limit')).toBe('4');
    expect((await owner.call('GET', '/v1/webhook_deliveries', { mode: 'live' })).status).toBe(200);
    expect((await owner.call('GET', '/console/api/v1/api_keys', { mode: 'live' })).status).toBe(200);
    expect((await owner.call('GET', '/v1/usage/history', { mode: 'test' })).status).toBe(200);
    const refused = await owner.call('GET', '/v1/events/stream', { mode: 'test' });
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(errorOf(await owner.call('POST', '/v1/webhook_endpoints', { body: { url: 'https://example.com/h' }, mode: 'test' }))).toMatchObject({ status: 429 });
    expect(errorOf(await owner.call('GET', '/console/api/v1/audit_log'))).toMatchObject({ status: 429 });
  });
});
