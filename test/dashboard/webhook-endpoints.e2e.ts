import { waitUntil } from '@eh/platform/testing';
import { verifyWebhook } from '@eh/webhook-signature';
import { request } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';
import { DASHBOARD_ENV, errorOf, workspaceWithOwner, type CreatedWorkspace, type MemberClient } from './support/dashboard-client';

interface Endpoint {
  id: string;
  mode: string;
  url: string;
  enabled: boolean;
  enabled_events: string[];
  description: string;
  secret?: string;
  secrets: { created_at: string; expires_at: string | null }[];
}

/**
 * A partner's own endpoints (several per mode, each with the event types it wants and its
 * own secret), the test event, and the signing secret that makes `webhook_url` work with no endpoint.
 */
describe('webhook endpoints and signing secrets of a partner', () => {
  let services: RunningServices;
  let receiver: WebhookReceiver;
  let workspace: CreatedWorkspace;
  let owner: MemberClient;
  const live = (): string => workspace.keys.live;
  const test = (): string => workspace.keys.test;
  const call = <T = Record<string, unknown>>(key: string, method: string, path: string, body?: unknown) =>
    request<T>(services.baseUrl, method, path, { key, body });
  const deploy = async (key: string, extra: Record<string, unknown> = {}): Promise<string> => {
    const created = await call<{ id: string }>(key, 'POST', '/v1/deployments', { brief: 'Write a tagline for a bakery.', skills: ['copywriting'], ...extra });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const eventsAt = (path: string, deploymentId: string): string[] =>
    [...new Map(receiver.at(path).map((w) => [w.deliveryId, w])).values()]
      .filter((w) => JSON.parse(w.body).data.object.id === deploymentId)
      .map((w) => w.event)
      .sort();

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    services = await sharedServices(DASHBOARD_ENV);
    ({ workspace, owner } = await workspaceWithOwner(services, 'Hooks', 'owner@hooks.example'));
  });
  afterAll(async () => {
    await services?.stop();
    await receiver?.close();
  });

  it('webhook_url on create is delivered signed with the workspace’s signing secret, with no endpoint registered', async () => {
    const id = await deploy(test(), { webhook_url: receiver.url('/by-url') });
    const delivered = await receiver.waitForDeliveries('/by-url', 3);
    const revealed = await call<{ secret: string; secrets: { revealed: boolean }[] }>(test(), 'POST', '/v1/webhook_signing_secret/reveal');
    expect(revealed.status).toBe(200);
    expect(revealed.body).toMatchObject({
      object: 'webhook_signing_secret',
      mode: 'test',
      secret: expect.stringMatching(/^whsec_/),
      secrets: [{ revealed: true, expires_at: null }],
    });
    for (const webhook of delivered)
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [revealed.body.secret] })).toMatchObject({ valid: true });
    expect(JSON.parse(delivered[0].body).data.object.id).toBe(id);
    // Shown once; GET never shows it; the live mode's is another secret.
    expect(errorOf(await call(test(), 'POST', '/v1/webhook_signing_secret/reveal'))).toMatchObject({ status: 409, code: 'secret_already_revealed' });
    expect((await call(test(), 'GET', '/v1/webhook_signing_secret')).body).toMatchObject({ secret: null, secrets: [{ revealed: true }] });
    const liveSecret = await call<{ secret: string }>(live(), 'POST', '/v1/webhook_signing_secret/reveal');
    expect(liveSecret.body.secret).not.toBe(revealed.body.secret);
  });

  it('a rotation shows the new secret, and both sign during the overlap', async () => {
    const rotated = await call<{ secret: string; secrets: { expires_at: string | null }[] }>(test(), 'POST', '/v1/webhook_signing_secret/rotate', {
      overlap_seconds: 3600,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secrets).toHaveLength(2);
    const before = receiver.at('/by-url').length;
    await deploy(test(), { webhook_url: receiver.url('/by-url') });
    await waitUntil(() => (receiver.at('/by-url').length >= before + 3 ? true : undefined), { timeoutMs: 15_000, description: 'three more deliveries' });
    const latest = receiver.at('/by-url').slice(-1)[0];
    expect(latest.signature.match(/v1=/g)).toHaveLength(2);
    expect(verifyWebhook({ payload: latest.body, header: latest.signature, secrets: [rotated.body.secret] }).valid).toBe(true);
    expect(errorOf(await call(test(), 'POST', '/v1/webhook_signing_secret/rotate', { overlap_seconds: -1 }))).toMatchObject({
      status: 400,
      param: 'overlap_seconds',
    });
    expect(errorOf(await call(test(), 'POST', '/v1/webhook_signing_secret/rotate', { overlap: 5 }))).toMatchObject({ status: 400, param: 'overlap' });
  });

  it('creates, lists, shows, updates and deletes endpoints; the secret is shown at create only', async () => {
    const created = await call<Endpoint>(live(), 'POST', '/v1/webhook_endpoints', {
      url: receiver.url('/crud'),
      enabled_events: ['deployment.completed'],
      description: 'orders',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/v1/webhook_endpoints/${created.body.id}`);
    expect(created.body).toMatchObject({
      object: 'webhook_endpoint',
      id: expect.stringMatching(/^we_/),
      mode: 'live',
      enabled: true,
      enabled_events: ['deployment.completed'],
      description: 'orders',
      secret: expect.stringMatching(/^whsec_/),
    });
    const shown = await call<Endpoint>(live(), 'GET', `/v1/webhook_endpoints/${created.body.id}`);
    expect(shown.body).not.toHaveProperty('secret');
    const updated = await call<Endpoint>(live(), 'POST', `/v1/webhook_endpoints/${created.body.id}`, { enabled: false, enabled_events: ['*'] });
    expect(updated.body).toMatchObject({ enabled: false, enabled_events: ['*'], description: 'orders' });
    expect((await call<{ data: Endpoint[] }>(live(), 'GET', '/v1/webhook_endpoints')).body.data.map((e) => e.id)).toContain(created.body.id);
    // Another mode, and another workspace, see none of it.
    expect((await call<{ data: Endpoint[] }>(test(), 'GET', '/v1/webhook_endpoints')).body.data).toEqual([]);
    expect(errorOf(await call(test(), 'GET', `/v1/webhook_endpoints/${created.body.id}`))).toMatchObject({ status: 404, param: 'id' });
    const other = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'Other');
    expect(errorOf(await call(other.keys.live, 'GET', `/v1/webhook_endpoints/${created.body.id}`))).toMatchObject({ status: 404 });
    expect(errorOf(await call(other.keys.live, 'DELETE', `/v1/webhook_endpoints/${created.body.id}`))).toMatchObject({ status: 404 });
    // The admin API's endpoint of the whole workspace is not a partner's.
    expect(errorOf(await call(live(), 'GET', `/v1/webhook_endpoints/${workspace.id}`))).toMatchObject({ status: 404 });
    expect((await call(live(), 'DELETE', `/v1/webhook_endpoints/${created.body.id}`)).body).toEqual({
      object: 'webhook_endpoint',
      id: created.body.id,
      deleted: true,
    });
    expect(errorOf(await call(live(), 'GET', `/v1/webhook_endpoints/${created.body.id}`))).toMatchObject({ status: 404 });
    expect(errorOf(await call(live(), 'POST', `/v1/webhook_endpoints/${created.body.id}/rotate_secret`))).toMatchObject({ status: 404 });
  });

  it.each([
    ['no url', {}, 'url'],
    ['an ftp url', { url: 'ftp://example.com/hook' }, 'url'],
    ['an unknown event type', { url: 'https://example.com/h', enabled_events: ['deployment.created'] }, 'enabled_events[0]'],
    ['"*" beside a type', { url: 'https://example.com/h', enabled_events: ['*', 'deployment.completed'] }, 'enabled_events'],
    ['an empty list', { url: 'https://example.com/h', enabled_events: [] }, 'enabled_events'],
    ['a long description', { url: 'https://example.com/h', description: 'x'.repeat(501) }, 'description'],
    ['an unknown field', { url: 'https://example.com/h', secret: 'mine' }, 'secret'],
  ])('refuses a create with %s (400 naming the field)', async (_name, body, param) => {
    expect(errorOf(await call(live(), 'POST', '/v1/webhook_endpoints', body))).toMatchObject({ status: 400, code: 'invalid_request', param });
  });

  it('refuses an empty update, an unknown id, no key and a wrong key', async () => {
    const created = await call<Endpoint>(live(), 'POST', '/v1/webhook_endpoints', { url: receiver.url('/x') });
    expect(errorOf(await call(live(), 'POST', `/v1/webhook_endpoints/${created.body.id}`, {}))).toMatchObject({ status: 400, param: 'body' });
    expect(errorOf(await call(live(), 'POST', `/v1/webhook_endpoints/${created.body.id}`, { enabled: 'yes' }))).toMatchObject({
      status: 400,
      param: 'enabled',
    });
    expect(errorOf(await call(live(), 'POST', '/v1/webhook_endpoints/we_01JZZZZZZZZZZZZZZZZZZZZZZZ', { enabled: false }))).toMatchObject({ status: 404 });
    expect(errorOf(await call(live(), 'POST', `/v1/webhook_endpoints/${created.body.id}/test`, { now: 1 }))).toMatchObject({ status: 400, param: 'now' });
    expect(errorOf(await request(services.baseUrl, 'GET', '/v1/webhook_endpoints'))).toMatchObject({ status: 401, code: 'authentication_failed' });
    expect(errorOf(await call('svc_live_0000000000000000000000000000000X', 'GET', '/v1/webhook_endpoints'))).toMatchObject({ status: 401 });
    expect(errorOf(await call(live(), 'GET', '/v1/webhook_endpoints?limit=5'))).toMatchObject({ status: 400, param: 'limit' });
    await call(live(), 'DELETE', `/v1/webhook_endpoints/${created.body.id}`);
  });

  it('each of several endpoints of the mode receives the matching events only, signed with its own secret', async () => {
    const completedOnly = await call<Endpoint>(test(), 'POST', '/v1/webhook_endpoints', {
      url: receiver.url('/completed'),
      enabled_events: ['deployment.completed'],
    });
    const everything = await call<Endpoint>(test(), 'POST', '/v1/webhook_endpoints', { url: receiver.url('/all') });
    await call<Endpoint>(test(), 'POST', '/v1/webhook_endpoints', { url: receiver.url('/off'), enabled: false });
    await call<Endpoint>(live(), 'POST', '/v1/webhook_endpoints', { url: receiver.url('/live-mode') });
    const id = await deploy(test(), { metadata: { order: 'A-1' } });
    await receiver.waitForDeliveries('/all', 3);
    await receiver.waitForDeliveries('/completed', 1);
    expect(eventsAt('/all', id)).toEqual(['deployment.accepted', 'deployment.completed', 'deployment.in_progress']);
    expect(eventsAt('/completed', id)).toEqual(['deployment.completed']);
    for (const w of receiver.at('/all'))
      expect(verifyWebhook({ payload: w.body, header: w.signature, secrets: [everything.body.secret ?? ''] }).valid).toBe(true);
    for (const w of receiver.at('/completed')) {
      expect(verifyWebhook({ payload: w.body, header: w.signature, secrets: [completedOnly.body.secret ?? ''] }).valid).toBe(true);
      expect(verifyWebhook({ payload: w.body, header: w.signature, secrets: [everything.body.secret ?? ''] }).valid).toBe(false);
    }
    // Each destination is its own delivery of the same event.
    const completedAll = receiver.at('/all').find((w) => w.event === 'deployment.completed');
    expect(JSON.parse(completedAll?.body ?? '{}').id).toBe(JSON.parse(receiver.at('/completed')[0].body).id);
    expect(completedAll?.deliveryId).not.toBe(receiver.at('/completed')[0].deliveryId);
    // A disabled endpoint and the other mode's get nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.at('/off')).toEqual([]);
    expect(receiver.at('/live-mode')).toEqual([]);
  });

  it('the test event goes through the normal path and verifies with the secret shown at create', async () => {
    const created = await call<Endpoint>(test(), 'POST', '/v1/webhook_endpoints', {
      url: receiver.url('/test-event'),
      enabled_events: ['deployment.completed'],
      enabled: false,
    });
    const sent = await call<{ id: string; event_type: string; status: string }>(test(), 'POST', `/v1/webhook_endpoints/${created.body.id}/test`);
    expect(sent.status).toBe(201);
    expect(sent.headers.get('location')).toBe(`/v1/webhook_deliveries/${sent.body.id}`);
    expect(sent.body).toMatchObject({
      object: 'webhook_delivery',
      event_type: 'webhook.test',
      status: 'scheduled',
      mode: 'test',
      endpoint_id: created.body.id,
    });
    const [webhook] = await receiver.waitForDeliveries('/test-event', 1);
    expect(webhook.event).toBe('webhook.test');
    expect(webhook.deliveryId).toBe(sent.body.id);
    expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [created.body.secret ?? ''] })).toMatchObject({ valid: true });
    expect(JSON.parse(webhook.body)).toMatchObject({
      object: 'event',
      type: 'webhook.test',
      data: { object: { object: 'webhook_endpoint', id: created.body.id } },
    });
    const rotated = await call<Endpoint>(test(), 'POST', `/v1/webhook_endpoints/${created.body.id}/rotate_secret`, { overlap_seconds: 0 });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    await call(test(), 'POST', `/v1/webhook_endpoints/${created.body.id}/test`);
    const [, second] = await receiver.waitForDeliveries('/test-event', 2);
    expect(verifyWebhook({ payload: second.body, header: second.signature, secrets: [rotated.body.secret ?? ''] }).valid).toBe(true);
    expect(verifyWebhook({ payload: second.body, header: second.signature, secrets: [created.body.secret ?? ''] }).valid).toBe(false);
    const delivery = await call<{ status: string }>(test(), 'GET', `/v1/webhook_deliveries/${sent.body.id}`);
    expect(delivery.body.status).toBe('succeeded');
  });

  it('a dashboard member manages the same endpoints with the session and Service-Mode', async () => {
    const created = await owner.call<Endpoint>('POST', '/v1/webhook_endpoints', { body: { url: receiver.url('/member') }, mode: 'test' });
    expect(created.status).toBe(201);
    expect((await call<{ data: Endpoint[] }>(test(), 'GET', '/v1/webhook_endpoints')).body.data.map((e) => e.id)).toContain(created.body.id);
    expect(errorOf(await owner.call('DELETE', `/v1/webhook_endpoints/${created.body.id}`, { mode: 'live' }))).toMatchObject({ status: 404 });
    expect(errorOf(await owner.call('DELETE', `/v1/webhook_endpoints/${created.body.id}`, { mode: 'test', csrf: null }))).toMatchObject({
      status: 403,
      code: 'csrf_token_invalid',
    });
    expect((await owner.call('DELETE', `/v1/webhook_endpoints/${created.body.id}`, { mode: 'test' })).status).toBe(200);
    const log = await owner.call<{ data: { action: string; actor: { kind: string } }[] }>('GET', '/console/api/v1/audit_log');
    const actions = log.body.data.map((e) => `${e.action}:${e.actor.kind}`);
    for (const expected of [
      'webhook_endpoint.created:member',
      'webhook_endpoint.deleted:member',
      'webhook_endpoint.created:api_key',
      'webhook_endpoint.updated:api_key',
      'webhook_endpoint.secret_rotated:api_key',
      'webhook_signing_secret.revealed:api_key',
      'webhook_signing_secret.rotated:api_key',
    ]) {
      expect([expected, actions.includes(expected)]).toEqual([expected, true]);
    }
  });

  it('a mode holds at most 16 endpoints (409 endpoint_limit_reached)', async () => {
    const existing = (await call<{ data: Endpoint[] }>(live(), 'GET', '/v1/webhook_endpoints')).body.data.length;
    for (let i = existing; i < 16; i++) expect((await call(live(), 'POST', '/v1/webhook_endpoints', { url: receiver.url(`/n${i}`) })).status).toBe(201);
    expect(errorOf(await call(live(), 'POST', '/v1/webhook_endpoints', { url: receiver.url('/n16') }))).toMatchObject({
      status: 409,
      code: 'endpoint_limit_reached',
    });
  });
});
