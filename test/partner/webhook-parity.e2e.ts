import { waitUntil } from '@eh/platform/testing';
import { request } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';

interface Delivery {
  id: string;
  status: string;
  event_type: string;
  attempts: number;
  next_attempt_at: string | null;
  overdue: boolean;
}

/**
 * Resend whatever the outcome, retry now, and overdue retries, through the partner API: one
 * retry 10 minutes away (WEBHOOK_RETRY_DELAYS_MS), so only "retry now" makes it happen in a test.
 */
describe('webhook parity: resend, retry now, overdue', () => {
  let services: RunningServices;
  let receiver: WebhookReceiver;
  let key: string;
  let answer = 500;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    receiver.behave('/flaky', () => ({ status: answer }));
    services = await startServices({
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_RETRY_DELAYS_MS: '600000',
      WEBHOOK_OVERDUE_AFTER_SECONDS: '1',
      WEBHOOK_RECONCILE_INTERVAL_MS: '1000',
    });
    key = (await services.ops<{ keys: { test: string } }>('workspace:create', '--name', 'parity')).keys.test;
    const endpoint = await api('POST', '/v1/webhook_endpoints', { url: receiver.url('/flaky') });
    expect(endpoint.status).toBe(201);
  });

  afterAll(async () => {
    await services?.stop();
    await receiver?.close();
  });

  function api<T = Delivery>(method: string, path: string, body?: unknown) {
    return request<T>(services.baseUrl, method, path, { key, body });
  }

  const hits = (id: string): number => receiver.at('/flaky').filter((webhook) => webhook.deliveryId === id).length;
  const delivery = async (id: string): Promise<Delivery> => (await api('GET', `/v1/webhook_deliveries/${id}`)).body;
  const settles = (id: string, status: string): Promise<Delivery> =>
    waitUntil(
      async () => {
        const current = await delivery(id);
        return current.status === status ? current : undefined;
      },
      { timeoutMs: 15_000, description: `${id} ${status}` },
    );

  /** A deployment's three deliveries once each has had its first attempt answered 500. */
  async function retryingDeliveries(): Promise<Delivery[]> {
    answer = 500;
    const created = await api<{ id: string }>('POST', '/v1/deployments', { brief: 'Name a cat.', skills: ['naming'] });
    return waitUntil(
      async () => {
        const list = (await api<{ data: Delivery[] }>('GET', `/v1/webhook_deliveries?deployment_id=${created.body.id}`)).body.data;
        return list.length === 3 && list.every((d) => d.status === 'retrying') ? list : undefined;
      },
      { timeoutMs: 20_000, description: 'three deliveries retrying' },
    );
  }

  it('retries now (same id, same attempt), then resends a dead letter, a success and a 4xx under the same id', async () => {
    const [first, second, third] = await retryingDeliveries();
    expect(Date.parse(first.next_attempt_at ?? '')).toBeGreaterThan(Date.now() + 500_000);
    expect(first.overdue).toBe(false);

    // Still failing: the retry runs now, spends the schedule, and the delivery is dead-lettered.
    expect((await api('POST', `/v1/webhook_deliveries/${first.id}/retry_now`)).status).toBe(200);
    await settles(first.id, 'dead_lettered');
    expect(hits(first.id)).toBe(2);
    const nothing = await api<{ error: { code: string; message: string } }>('POST', `/v1/webhook_deliveries/${first.id}/retry_now`);
    expect([nothing.status, nothing.body.error.code]).toEqual([409, 'invalid_state_transition']);
    expect(nothing.body.error.message).toContain('resend it instead');

    // The receiver is fixed: a dead letter, then the same success again, each under the same id.
    answer = 200;
    expect((await api('POST', `/v1/webhook_deliveries/${first.id}/replay`)).status).toBe(200);
    await settles(first.id, 'succeeded');
    expect((await api('POST', `/v1/webhook_deliveries/${first.id}/replay`)).body.status).toBe('scheduled');
    await waitUntil(() => hits(first.id) === 4 || undefined, { timeoutMs: 10_000, description: 'the success resent' });
    expect((await settles(first.id, 'succeeded')).attempts).toBe(4);

    // Retry now asked twice at once makes one attempt.
    const twice = await Promise.all([
      api('POST', `/v1/webhook_deliveries/${second.id}/retry_now`),
      api('POST', `/v1/webhook_deliveries/${second.id}/retry_now`),
    ]);
    for (const answered of twice) expect([200, 409]).toContain(answered.status);
    await settles(second.id, 'succeeded');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hits(second.id)).toBe(2);

    // A 4xx is final, and can be resent once the receiver accepts it.
    answer = 404;
    await api('POST', `/v1/webhook_deliveries/${third.id}/retry_now`);
    await settles(third.id, 'failed');
    answer = 200;
    await api('POST', `/v1/webhook_deliveries/${third.id}/replay`);
    await settles(third.id, 'succeeded');
    expect(
      new Set(
        receiver
          .at('/flaky')
          .filter((w) => w.deliveryId === third.id)
          .map((w) => w.idempotencyKey),
      ),
    ).toEqual(new Set([third.id]));
  });

  it('refuses to resend a delivery whose retry is scheduled, and shows an overdue retry until it is made', async () => {
    const [pending] = await retryingDeliveries();
    const refused = await api<{ error: { code: string; message: string } }>('POST', `/v1/webhook_deliveries/${pending.id}/replay`);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'invalid_state_transition']);
    expect(refused.body.error.message).toContain('retry it now instead');

    // Nothing attempts deliveries while the webhooks service is down: a retry due now becomes overdue.
    await services.kill('webhooks');
    answer = 200;
    expect((await api('POST', `/v1/webhook_deliveries/${pending.id}/retry_now`)).status).toBe(200);
    const overdue = await waitUntil(
      async () => {
        const list = (await api<{ data: Delivery[] }>('GET', '/v1/webhook_deliveries?overdue=true')).body.data;
        return list.some((d) => d.id === pending.id) ? list : undefined;
      },
      { timeoutMs: 10_000, description: 'the retry listed as overdue' },
    );
    expect(overdue.every((d) => d.overdue && (d.status === 'retrying' || d.status === 'scheduled'))).toBe(true);
    expect((await delivery(pending.id)).overdue).toBe(true);
    const bad = await api<{ error: { param: string } }>('GET', '/v1/webhook_deliveries?overdue=yes');
    expect([bad.status, bad.body.error.param]).toEqual([400, 'overdue']);
    // Operations see it too.
    const ops = await services.ops<{ data: { id: string; overdue: boolean }[] }>('deliveries:overdue');
    expect(ops.data.find((d) => d.id === pending.id)?.overdue).toBe(true);

    await services.start('webhooks');
    const done = await settles(pending.id, 'succeeded');
    expect(done.overdue).toBe(false);
    expect((await api<{ data: Delivery[] }>('GET', '/v1/webhook_deliveries?overdue=true')).body.data.map((d) => d.id)).not.toContain(pending.id);
  });
});
