import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { verifyWebhook } from '@eh/webhook-signature';
import { DASHBOARD_ENV } from '../dashboard/support/dashboard-client';
import { request } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { WebhookReceiver, type ReceivedWebhook } from './support/webhook-receiver';

interface Endpoint {
  id: string;
  secret: string;
  signature_scheme: string;
}

/**
 * An endpoint that chose Standard Webhooks is signed so that the `standardwebhooks` and `svix`
 * libraries verify every delivery, with its secret shown in that scheme's form, through a secret
 * rotation (both secrets sign during the overlap); switching back to `service` keeps the secret.
 */
describe('Standard Webhooks endpoints', () => {
  let services: RunningServices;
  let receiver: WebhookReceiver;
  let key: string;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    services = await sharedServices(DASHBOARD_ENV);
    key = (await services.ops<{ keys: { test: string } }>('workspace:create', '--name', 'standard-webhooks')).keys.test;
  });

  afterAll(async () => {
    await services?.stop();
    await receiver?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown) => request<T>(services.baseUrl, method, path, { key, body });

  /** Creates a test deployment and waits for its three events at `path`. */
  async function deliveriesFor(path: string): Promise<ReceivedWebhook[]> {
    const before = receiver.received.filter((webhook) => webhook.path === path).length;
    expect((await api('POST', '/v1/deployments', { brief: 'A tagline for a bakery.', skills: ['copywriting'] })).status).toBe(201);
    return (await receiver.waitForDeliveries(path, before + 3, 30_000)).slice(before);
  }

  const verifiesWithBoth = (webhook: ReceivedWebhook, secret: string): void => {
    const headers = {
      'webhook-id': webhook.headers['webhook-id'],
      'webhook-timestamp': webhook.headers['webhook-timestamp'],
      'webhook-signature': webhook.headers['webhook-signature'],
    };
    expect(new StandardWebhook(secret).verify(webhook.body, headers)).toEqual(JSON.parse(webhook.body));
    expect(
      new SvixWebhook(secret).verify(webhook.body, {
        'svix-id': headers['webhook-id'],
        'svix-timestamp': headers['webhook-timestamp'],
        'svix-signature': headers['webhook-signature'],
      }),
    ).toEqual(JSON.parse(webhook.body));
  };

  it('signs with the three headers, and the libraries verify each delivery with the secret as shown', async () => {
    const created = await api<Endpoint>('POST', '/v1/webhook_endpoints', { url: receiver.url('/standard'), signature_scheme: 'standard' });
    expect(created.status).toBe(201);
    expect(created.body.signature_scheme).toBe('standard');
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const deliveries = await deliveriesFor('/standard');
    for (const webhook of deliveries) {
      expect(webhook.headers['webhook-id']).toMatch(/^del_/);
      expect(webhook.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(webhook.headers['service-signature']).toBeUndefined();
      verifiesWithBoth(webhook, created.body.secret);
    }
    // A different secret does not verify.
    expect(() => new StandardWebhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(deliveries[0].body, deliveries[0].headers)).toThrow();
    // The listing says the scheme; an unknown scheme is 400 naming it.
    expect(
      (await api<{ data: Endpoint[] }>('GET', '/v1/webhook_endpoints')).body.data.find((endpoint) => endpoint.id === created.body.id)?.signature_scheme,
    ).toBe('standard');
    const bad = await api<{ error: { param: string } }>('POST', '/v1/webhook_endpoints', { url: receiver.url('/x'), signature_scheme: 'hmac' });
    expect([bad.status, bad.body.error.param]).toEqual([400, 'signature_scheme']);
    await api('DELETE', `/v1/webhook_endpoints/${created.body.id}`);
  });

  it('verifies with the old and the new secret while a rotation overlaps, and switching to service keeps the secret', async () => {
    const created = await api<Endpoint>('POST', '/v1/webhook_endpoints', { url: receiver.url('/rotating'), signature_scheme: 'standard' });
    const rotated = await api<Endpoint>('POST', `/v1/webhook_endpoints/${created.body.id}/rotate_secret`, { overlap_seconds: 3600 });
    expect(rotated.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    for (const webhook of await deliveriesFor('/rotating')) {
      expect(webhook.headers['webhook-signature'].split(' ')).toHaveLength(2);
      verifiesWithBoth(webhook, created.body.secret);
      verifiesWithBoth(webhook, rotated.body.secret);
    }
    // Back to `service`: the same key bytes, now `Service-Signature`, verified by the service's own helper with the base64url form.
    expect((await api<Endpoint>('POST', `/v1/webhook_endpoints/${created.body.id}`, { signature_scheme: 'service' })).body.signature_scheme).toBe('service');
    const serviceForm = `whsec_${Buffer.from(rotated.body.secret.slice('whsec_'.length), 'base64').toString('base64url')}`;
    for (const webhook of await deliveriesFor('/rotating')) {
      expect(webhook.headers['webhook-signature']).toBeUndefined();
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [serviceForm] }).valid).toBe(true);
    }
  });
});
