import { waitUntil } from '@eh/platform/testing';
import { deleteRedisPrefix } from '../support/redis-prefix';
import { createDeployment } from './support/create-deployment';
import { startWebhookSuite, stopWebhookSuite, type WebhookSuite } from './support/webhook-suite';

/**
 * Crash safety: the webhooks process SIGKILLed mid-delivery, and Redis emptied while
 * deliveries wait for a retry. Every event is still delivered, and a receiver deduping on
 * Service-Delivery processes each delivery exactly once.
 */
describe('webhook delivery survives crashes', () => {
  // The suite's parts, as startWebhookSuite hands them over in beforeAll.
  let { receiver, services, ops, workspace } = {} as WebhookSuite;

  const deploy = (body: Record<string, unknown> = {}): Promise<string> =>
    createDeployment(services.baseUrl, workspace.keys.test, { brief: 'Crash me.', skills: ['naming'], ...body });

  beforeAll(async () => {
    ({ receiver, services, ops, workspace } = await startWebhookSuite(
      {
        WEBHOOK_RETRY_DELAYS_MS: '2000,200,200,200,200,200',
        WEBHOOK_JOB_LOCK_MS: '1000',
        WEBHOOK_RECONCILE_INTERVAL_MS: '500',
        WEBHOOK_FANOUT_ACK_WAIT_MS: '2000',
      },
      'crashes',
    ));
    await services.ops('webhook:set', '--workspace', workspace.id, '--url', receiver.url('/crash'));
  });

  afterAll(() => stopWebhookSuite(services, receiver));

  it('delivers everything after the webhooks process is killed mid-delivery and restarted', async () => {
    // The first request of each delivery is processed but answered only after 4 s: by then the
    // sender is dead, so it resends the same Service-Delivery, which the receiver dedupes.
    receiver.behave('/crash', (hit) => ({ status: 200, delayMs: hit === 1 ? 4000 : 0 }));
    const ids = [await deploy(), await deploy(), await deploy()];
    await waitUntil(() => receiver.at('/crash').length > 0, { description: 'a first delivery in flight' });
    await services.kill('webhooks');
    await services.start('webhooks');
    const deliveries = (await Promise.all(ids.map((id) => ops.settled(`deployment_id=${id}`, 3, 'succeeded', 30_000)))).flat();
    expect(deliveries).toHaveLength(9);
    const delivered = new Set(receiver.at('/crash').map((w) => w.deliveryId));
    expect([...delivered].sort()).toEqual(deliveries.map((d) => d.id).sort());
    expect(deliveries.every((d) => receiver.processed.has(d.id))).toBe(true);
    // The attempts cut off by the kill were made again: more requests than deliveries.
    expect(receiver.at('/crash').length).toBeGreaterThan(delivered.size);
  });

  it('delivers everything when Redis is emptied while deliveries wait for their retry', async () => {
    receiver.behave('/flush', (hit) => ({ status: hit === 1 ? 500 : 200 }));
    const ids = [await deploy({ webhook_url: receiver.url('/flush') }), await deploy({ webhook_url: receiver.url('/flush') })];
    for (const id of ids) await ops.settled(`deployment_id=${id}`, 3, 'retrying');
    const logsBefore = services.logs('webhooks').length;
    // Only this test's keys: other tests share the Redis server.
    expect(await deleteRedisPrefix(services.env.REDIS_PREFIX)).toBeGreaterThan(0);
    const deliveries = (await Promise.all(ids.map((id) => ops.settled(`deployment_id=${id}`, 3, 'succeeded', 30_000)))).flat();
    // The retries came back through the reconciler, re-derived from PostgreSQL.
    expect(services.logs('webhooks').slice(logsBefore)).toMatch(/reconciled [1-9]\d* missing/);
    for (const delivery of deliveries) {
      expect(receiver.at('/flush').filter((w) => w.deliveryId === delivery.id)).toHaveLength(2);
      expect(receiver.processed.get(delivery.id)?.path).toBe('/flush');
      expect((await ops.delivery(delivery.id)).attempt_history.map((a) => a.status_code)).toEqual([500, 200]);
    }
  });
});
