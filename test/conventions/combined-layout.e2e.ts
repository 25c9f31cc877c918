/**
 * `npm start`'s default layout on one machine: the gateway, and the relay, router, webhooks and
 * ledger mounted together in one workers process. Whatever the services do apart they do together
 * (a test deployment completed and delivered; a live one offered, worked, billed and settled, the
 * ledger handling the events the router is sent),
 * and the workers process killed mid-flight loses nothing once it is back.
 */
import { connect } from 'nats';
import { waitUntil } from '@eh/platform/testing';
import { FAST_CLOCKS, RouterE2e, startRouterSuite, type Deployment, type Workspace } from '../routing/support/routing-e2e';
import { request } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { undoOnFailure } from '../support/undo-on-failure';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';

interface Usage {
  credits_reserved: number;
  in_flight: number;
}

describe('the gateway and one workers process', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let receiver: WebhookReceiver;

  /** The durable consumers on the services' events stream. */
  async function durables(): Promise<string[]> {
    const nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    try {
      const names: string[] = [];
      for await (const consumer of (await nats.jetstreamManager()).consumers.list(services.env.NATS_STREAM)) names.push(consumer.name);
      return names;
    } finally {
      await nats.close();
    }
  }

  /** The receiver's deliveries of `event` for deployment `id`. */
  const delivered = (id: string, event: string) => receiver.at('/events').filter((hit) => hit.event === event && hit.body.includes(id));

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    ({ services, e2e, workspace } = await undoOnFailure(
      () => startRouterSuite(startServices({ ...FAST_CLOCKS, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, { layout: 'combined' }), 'combined-layout'),
      () => receiver.close(),
    ));
    await services.ops('webhook:set', '--workspace', workspace.id, '--url', receiver.url('/events'));
  });

  afterAll(async () => {
    await services?.stop();
    await receiver?.close();
  });

  it('runs two processes: the gateway and the workers', () => {
    expect(services.processes).toEqual(['workers', 'gateway']);
    expect([services.alive('workers'), services.alive('gateway')]).toEqual([true, true]);
    expect(services.pidOf('router')).toBe(services.pidOf('workers'));
  });

  it('plays the expert for a test key and delivers the completion', async () => {
    const created = await e2e.create(workspace.keys.test, { brief: 'Name a bakery.', skills: ['naming'] });
    expect(created.status).toBe(201);
    const done = await e2e.waitForStatus(workspace.keys.test, created.body.id, 'completed');
    expect(done.output?.body).toEqual(expect.any(String));
    await waitUntil(() => delivered(created.body.id, 'deployment.completed').length === 1 || undefined, { description: 'the completion delivered' });
  });

  it('offers a live deployment, and bills and settles the work it published', async () => {
    const expert = await e2e.addExpert(['combined-layout'], 30);
    const created = await e2e.create(workspace.keys.live, { brief: 'Rewrite the hero.', skills: ['combined-layout'] });
    expect([created.status, created.body.status]).toEqual([201, 'pending']);
    // The reservation the ledger answered before the deployment existed.
    expect((created.body as Deployment & { credits_reserved: number }).credits_reserved).toBeGreaterThan(0);
    expect((await e2e.waitForOffer(created.body.id, 1)).expertId).toBe(expert.id);
    const act = (action: string, body?: unknown) => e2e.asExpert<Deployment>(expert, 'POST', `/deployments/${created.body.id}/${action}`, body);
    expect((await act('accept')).status).toBe(200);
    expect((await act('start')).status).toBe(200);
    expect((await act('publish', { body: '# Hero', duration_seconds: 600, credits_charged: 12 })).body.status).toBe('completed');

    await waitUntil(() => delivered(created.body.id, 'deployment.completed').length === 1 || undefined, { description: 'the completion delivered' });
    const settled = await waitUntil(
      async () => {
        const usage = await request<Usage>(services.baseUrl, 'GET', '/v1/usage', { key: workspace.keys.live });
        return usage.body.credits_reserved === 0 && usage.body.in_flight === 0 ? usage.body : undefined;
      },
      { description: 'the reservation settled' },
    );
    expect(settled).toMatchObject({ credits_reserved: 0, in_flight: 0 });
    const { rows } = await services.database.pool.query<{ data: { deployment_id: string; charged: number } }>(
      "SELECT data FROM events WHERE stream_name = $1 AND event_type = 'account.credits_settled'",
      [`account-${workspace.id}`],
    );
    expect(rows.map((row) => row.data)).toEqual([expect.objectContaining({ deployment_id: created.body.id, reported_charge: 12, charged: 12 })]);
    // The ledger was handed those events on the router's deliveries: no durable of its own was sent them.
    const consumers = await durables();
    expect(consumers).toContain('router-deployments');
    expect(consumers).not.toContain('ledger');
  });

  it('loses no deployment and no delivery when the workers process is killed mid-flight', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      const created = await e2e.create(workspace.keys.test, { brief: `Crash me ${index}.`, skills: ['naming'] });
      ids.push(created.body.id);
    }
    await services.kill('workers');
    expect(services.alive('workers')).toBe(false);
    await services.start('workers');
    for (const id of ids) await e2e.waitForStatus(workspace.keys.test, id, 'completed', 60_000);
    // Every event was delivered once (a delivery cut off by the kill is sent again with the same id).
    await waitUntil(() => ids.every((id) => new Set(delivered(id, 'deployment.completed').map((hit) => hit.deliveryId)).size === 1) || undefined, {
      timeoutMs: 60_000,
      description: 'each completion delivered',
    });
  });
});
