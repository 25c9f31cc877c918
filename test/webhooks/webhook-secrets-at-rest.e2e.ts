import { randomBytes } from 'node:crypto';
import { connect, nanos, type NatsConnection } from 'nats';
import { eventsOfBusMessage, type RecordedEvent } from '@eh/event-store';
import { waitUntil } from '@eh/platform/testing';
import { verifyWebhook } from '@eh/webhook-signature';
import { request } from '../support/http';
import type { ReceivedWebhook } from './support/webhook-receiver';
import { startWebhookSuite, stopWebhookSuite, type WebhookSuite } from './support/webhook-suite';

/**
 * Signing secrets are sealed in the events table, never on the bus, the bus
 * forgets after a bounded time, and a key rotation (ops secrets:reencrypt) keeps deliveries
 * verifying with the secret the partner was shown.
 */
describe('webhook signing secrets at rest, through the running services', () => {
  // The suite's parts, as startWebhookSuite hands them over in beforeAll.
  let { receiver, services, ops, workspace } = {} as WebhookSuite;
  let nats: NatsConnection;
  const shown: string[] = [];

  /** A test-mode deployment; resolves with its three lifecycle webhooks at `path`. */
  const deliveriesOfNewDeployment = async (path: string): Promise<ReceivedWebhook[]> => {
    const created = await request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', {
      key: workspace.keys.test,
      body: { brief: 'Name a bakery.', skills: ['copywriting'], webhook_url: receiver.url(path) },
    });
    expect(created.status).toBe(201);
    return receiver.waitForDeliveries(path, 3, 30_000);
  };

  /** Every event the test's JetStream stream holds (one per message, or several in a bundle), with its message's text. */
  const busMessages = async (): Promise<{ raw: string; event: RecordedEvent }[]> => {
    const jsm = await nats.jetstreamManager();
    const { state } = await jsm.streams.info(services.env.NATS_STREAM);
    const messages: { raw: string; event: RecordedEvent }[] = [];
    for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
      const raw = new TextDecoder().decode((await jsm.streams.getMessage(services.env.NATS_STREAM, { seq })).data);
      for (const event of eventsOfBusMessage(raw)) messages.push({ raw, event });
    }
    return messages;
  };

  beforeAll(async () => {
    ({ receiver, services, ops, workspace } = await startWebhookSuite({ WEBHOOK_RECONCILE_INTERVAL_MS: '1000' }, 'sealed secrets'));
    nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    const registered = await ops.call<{ secret: string }>('PUT', `/admin/v1/workspaces/${workspace.id}/webhook-endpoint`, { url: receiver.url('/endpoint') });
    expect(registered.status).toBe(201);
    shown.push(registered.body.secret);
  });

  afterAll(async () => {
    await nats?.close();
    await stopWebhookSuite(services, receiver);
  });

  it('signs with the secret shown at registration and rotation, which appears nowhere in the events table nor on the bus', async () => {
    for (const webhook of await deliveriesOfNewDeployment('/first')) {
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [shown[0]] }).valid).toBe(true);
    }
    const rotated = await ops.call<{ secret: string }>('POST', `/admin/v1/workspaces/${workspace.id}/webhook-endpoint/rotate-secret`, { overlap_seconds: 0 });
    expect(rotated.status).toBe(200);
    shown.push(rotated.body.secret);
    for (const webhook of await deliveriesOfNewDeployment('/second')) {
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [shown[1]] }).valid).toBe(true);
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [shown[0]] }).valid).toBe(false);
    }

    const secretParts = shown.flatMap((secret) => [secret, secret.slice('whsec_'.length)]);
    const { rows } = await services.database.pool.query<{ event_type: string; row: string }>('SELECT event_type, row_to_json(events)::text AS row FROM events');
    expect(rows.length).toBeGreaterThan(10);
    for (const { row } of rows) for (const part of secretParts) expect(row).not.toContain(part);
    const endpointRows = rows.filter((r) => r.event_type.startsWith('webhook_endpoint.'));
    const keyId = services.env.SECRETS_KEYRING.split(':')[0];
    expect(endpointRows.map((r) => JSON.parse(r.row).data.sealed_secret?.kid)).toEqual([keyId, keyId]);

    // The relay has published the rotation by the time its deliveries arrived; wait for it anyway.
    const messages = await waitUntil(
      async () => {
        const all = await busMessages();
        return all.some((m) => m.event.type === 'webhook_endpoint.secret_rotated') ? all : undefined;
      },
      { timeoutMs: 10_000, description: 'the rotation on the bus' },
    );
    expect(messages.length).toBeGreaterThan(10);
    for (const { raw } of messages) for (const part of secretParts) expect(raw).not.toContain(part);
    const endpointEvents = messages.filter((m) => m.event.type.startsWith('webhook_endpoint.')).map((m) => m.event);
    expect(endpointEvents.map((event) => event.type)).toEqual(['webhook_endpoint.registered', 'webhook_endpoint.secret_rotated']);
    for (const event of endpointEvents) {
      expect(event.data).not.toHaveProperty('sealed_secret');
      expect(event.data).not.toHaveProperty('secret');
      expect(event.data).toMatchObject({ workspace_id: workspace.id });
    }
  });

  it('bounds the events stream: 7 days by default', async () => {
    const info = await (await nats.jetstreamManager()).streams.info(services.env.NATS_STREAM);
    expect(info.config.max_age).toBe(nanos(7 * 24 * 60 * 60 * 1000));
  });

  it('rotates the key: a new key first, ops secrets:reencrypt, the old key dropped; deliveries still verify', async () => {
    const oldEntry = services.env.SECRETS_KEYRING;
    const newEntry = `next:${randomBytes(32).toString('base64')}`;
    services.env.SECRETS_KEYRING = `${newEntry},${oldEntry}`;
    const report = await services.ops<{ active_key_id: string; resealed: number; sealed_plaintext: number; failed: unknown[] }>('secrets:reencrypt');
    // The endpoint's two secrets, and the test mode's webhook_url signing secret the deliveries above created.
    expect(report).toMatchObject({ active_key_id: 'next', resealed: 3, sealed_plaintext: 0, failed: [] });
    const { rows } = await services.database.pool.query<{ kid: string }>(
      "SELECT data->'sealed_secret'->>'kid' AS kid FROM events WHERE event_type LIKE 'webhook_endpoint.%'",
    );
    expect(rows.map((r) => r.kid)).toEqual(['next', 'next']);

    // The webhooks service restarted with only the new key: the old one is gone for good.
    services.env.SECRETS_KEYRING = newEntry;
    await services.kill('webhooks');
    await services.start('webhooks');
    for (const webhook of await deliveriesOfNewDeployment('/after-key-rotation')) {
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [shown[1]] }).valid).toBe(true);
    }
  });
});
