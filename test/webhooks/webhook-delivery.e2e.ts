import { waitUntil } from '@eh/platform/testing';
import { verifyWebhook } from '@eh/webhook-signature';
import { request } from '../support/http';
import { createDeployment } from './support/create-deployment';
import type { Workspace } from '../support/workspace';
import { startWebhookSuite, stopWebhookSuite, type WebhookSuite } from './support/webhook-suite';

const PUBLIC_LIFECYCLE = ['deployment.accepted', 'deployment.in_progress', 'deployment.completed'];

/** Success, 4xx, 5xx then success, timeout, a 3xx, signing and the body, against real receivers on 127.0.0.1. */
describe('webhook delivery, through the running services', () => {
  // The suite's parts, as startWebhookSuite hands them over in beforeAll.
  let { receiver, services, ops, workspace } = {} as WebhookSuite;
  let secret: string;

  const deploy = (body: Record<string, unknown> = {}): Promise<string> =>
    createDeployment(services.baseUrl, workspace.keys.test, { brief: 'Write a tagline for a bakery.', skills: ['copywriting'], ...body });

  beforeAll(async () => {
    ({ receiver, services, ops, workspace } = await startWebhookSuite(
      { WEBHOOK_RETRY_DELAYS_MS: '100,100,100,100,100,100', WEBHOOK_TIMEOUT_MS: '700', WEBHOOK_RECONCILE_INTERVAL_MS: '1000' },
      'webhooks',
    ));
    const registered = await ops.call<{ secret: string; endpoint: { id: string; url: string } }>(
      'PUT',
      `/admin/v1/workspaces/${workspace.id}/webhook-endpoint`,
      { url: receiver.url('/ok') },
    );
    expect(registered.status).toBe(201);
    secret = registered.body.secret;
  });

  afterAll(() => stopWebhookSuite(services, receiver));

  it('delivers every state change to the workspace endpoint, signed, with the documented body and headers', async () => {
    expect(secret).toMatch(/^whsec_/);
    const id = await deploy({ metadata: { order: 'A-17', rush: true } });
    const webhooks = await receiver.waitForDeliveries('/ok', 3);
    expect(webhooks.map((w) => w.event).sort()).toEqual([...PUBLIC_LIFECYCLE].sort());
    for (const webhook of webhooks) {
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [secret] })).toMatchObject({ valid: true });
      expect(verifyWebhook({ payload: `${webhook.body} `, header: webhook.signature, secrets: [secret] }).valid).toBe(false);
      expect(webhook.deliveryId).toMatch(/^del_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(webhook.idempotencyKey).toBe(webhook.deliveryId);
      const body = JSON.parse(webhook.body);
      expect(Object.keys(body)).toEqual(['id', 'object', 'type', 'created_at', 'sequence', 'data', 'metadata']);
      expect(body).toMatchObject({ id: expect.stringMatching(/^evt_/), object: 'event', type: webhook.event, metadata: { order: 'A-17', rush: true } });
      expect(body.data.object).toMatchObject({ id, status: webhook.event.replace('deployment.', ''), metadata: { order: 'A-17', rush: true } });
    }
    const bySequence = webhooks.map((w) => JSON.parse(w.body)).sort((a, b) => a.sequence - b.sequence);
    expect(bySequence.map((body) => body.type)).toEqual(PUBLIC_LIFECYCLE);
    expect(bySequence.find((body) => body.type === 'deployment.completed').data.object.output.format).toBe('markdown');

    // The receiver has the request before the service has recorded its 200: wait for the record.
    const detail = await waitUntil(
      async () => {
        const shown = await ops.delivery(webhooks[0].deliveryId);
        return shown.status === 'scheduled' ? undefined : shown;
      },
      { timeoutMs: 10_000, intervalMs: 100, description: 'the first attempt to be recorded' },
    );
    expect(detail).toMatchObject({ status: 'succeeded', attempts: 1, workspace_id: workspace.id, deployment_id: id, url: receiver.url('/ok') });
    expect(detail.attempt_history).toEqual([{ attempt: 1, attempted_at: expect.any(String), status_code: 200, latency_ms: expect.any(Number), error: null }]);
  });

  it("each receiver gets a deployment's events in the order they happened, with several deployments at once", async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => deploy({ webhook_url: receiver.url('/ordered') })));
    const arrived = await receiver.waitForDeliveries('/ordered', ids.length * PUBLIC_LIFECYCLE.length);
    for (const id of ids) {
      const types = arrived
        .map((webhook) => JSON.parse(webhook.body))
        .filter((body) => body.data.object.id === id)
        .map((body) => body.type);
      expect(types).toEqual(PUBLIC_LIFECYCLE);
    }
  });

  it('acknowledges a 4xx: one attempt, never retried', async () => {
    receiver.behave('/gone', () => ({ status: 410 }));
    const id = await deploy({ webhook_url: receiver.url('/gone') });
    const failed = await ops.settled(`deployment_id=${id}`, 3, 'failed');
    expect(failed.map((delivery) => delivery.endpoint_id)).toEqual([null, null, null]);
    for (const delivery of failed) expect((await ops.delivery(delivery.id)).attempt_history.map((a) => a.status_code)).toEqual([410]);
    expect(receiver.at('/gone')).toHaveLength(3);
  });

  it('retries a 5xx on the schedule with the same delivery id and the same bytes, then succeeds', async () => {
    receiver.behave('/flaky', (hit) => ({ status: hit <= 2 ? 503 : 204 }));
    const id = await deploy({ webhook_url: receiver.url('/flaky') });
    const delivered = await ops.settled(`deployment_id=${id}`, 3, 'succeeded');
    for (const delivery of delivered) {
      const hits = receiver.at('/flaky').filter((w) => w.deliveryId === delivery.id);
      expect(hits).toHaveLength(3);
      expect(new Set(hits.map((w) => w.body)).size).toBe(1);
      for (const hit of hits) expect(verifyWebhook({ payload: hit.body, header: hit.signature, secrets: [secret] }).valid).toBe(true);
      const history = (await ops.delivery(delivery.id)).attempt_history;
      expect(history.map((a) => [a.attempt, a.status_code])).toEqual([
        [1, 503],
        [2, 503],
        [3, 204],
      ]);
      // The scaled-down schedule: 100 ms between a failure and the next attempt.
      expect(Date.parse(history[1].attempted_at) - Date.parse(history[0].attempted_at)).toBeGreaterThanOrEqual(100);
    }
  });

  it('counts no answer within the timeout as a failure, and retries', async () => {
    receiver.behave('/slow', (hit) => ({ status: 200, delayMs: hit === 1 ? 1500 : 0 }));
    const id = await deploy({ webhook_url: receiver.url('/slow') });
    for (const delivery of await ops.settled(`deployment_id=${id}`, 3, 'succeeded')) {
      const [first, second] = (await ops.delivery(delivery.id)).attempt_history;
      expect(first).toMatchObject({ status_code: null, error: 'timeout after 700 ms' });
      expect(first.latency_ms).toBeGreaterThanOrEqual(690);
      expect(second).toMatchObject({ status_code: 200, error: null });
    }
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    receiver.behave('/moved', () => ({ status: 302, headers: { location: receiver.url('/redirect-target') } }));
    const id = await deploy({ webhook_url: receiver.url('/moved') });
    const dead = await ops.settled(`deployment_id=${id}`, 3, 'dead_lettered');
    expect(dead[0].dead_letter_reason).toBe('HTTP 302');
    expect(receiver.at('/redirect-target')).toHaveLength(0);
  });

  it('sends nothing for a workspace without an endpoint when the deployment has no webhook_url', async () => {
    const other = await services.ops<Workspace>('workspace:create', '--name', 'silent');
    const created = await request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', {
      key: other.keys.test,
      body: { brief: 'Quiet.', skills: ['naming'] },
    });
    const id = created.body.id;
    await waitUntil(
      async () => (await request<{ status: string }>(services.baseUrl, 'GET', `/v1/deployments/${id}`, { key: other.keys.test })).body.status === 'completed',
      {
        description: 'the silent deployment to complete',
      },
    );
    // One ordered consumer fans out: a deployment created after this one completed is delivered
    // only after this one's events went through it.
    await ops.settled(`deployment_id=${await deploy()}`, 3, 'succeeded');
    expect((await ops.list(`deployment_id=${id}`)).data).toEqual([]);
    expect((await ops.list(`workspace_id=${other.id}`)).data).toEqual([]);
  });

  it('refuses an unsafe or malformed webhook_url at create', async () => {
    const response = await request<{ error: { code: string; param: string } }>(services.baseUrl, 'POST', '/v1/deployments', {
      key: workspace.keys.test,
      body: { brief: 'x', skills: ['a'], webhook_url: 'ftp://127.0.0.1/hook' },
    });
    expect([response.status, response.body.error.code, response.body.error.param]).toEqual([400, 'invalid_request', 'webhook_url']);
  });
});
