import { AckPolicy, connect, DeliverPolicy, type NatsConnection } from 'nats';
import { waitUntil } from '@eh/platform/testing';
import { createDeployment } from './support/create-deployment';
import { startWebhookSuite, stopWebhookSuite, type WebhookSuite } from './support/webhook-suite';

// Spelt out, not imported: a renamed durable is a new consumer that replays the stream, which this must catch.
const FANOUT_DURABLES = ['webhooks-hooks-deployments', 'webhooks-hooks-handoffs', 'webhooks-hooks-accounts', 'webhooks-fanout-attempt-requests'];
/** The version before: a durable on each whole category. */
const CATEGORY_DURABLES = [
  ['webhooks-fanout-deployments', 'deployment'],
  ['webhooks-fanout-handoffs', 'handoff'],
  ['webhooks-fanout-accounts', 'account'],
];

/**
 * The fan-out is sent only the events of the categories it acts on, one durable each,
 * of those only the relay's copies of what may have a destination, and not the records its own
 * deliveries make. Its durables took over from those on each whole category: an upgrade finds
 * them holding events and delivers those before deleting them.
 */
describe('the webhooks fan-out durables', () => {
  // The suite's parts, as startWebhookSuite hands them over in beforeAll.
  let { receiver, services, ops, workspace } = {} as WebhookSuite;
  let nats: NatsConnection;

  const consumers = async () => {
    const jsm = await nats.jetstreamManager();
    return new Map((await jsm.consumers.list(services.env.NATS_STREAM).next()).map((info) => [info.name, info]));
  };

  const deploy = (destination: { webhook_url?: string } = { webhook_url: receiver.url('/fanout') }): Promise<string> =>
    createDeployment(services.baseUrl, workspace.keys.test, { brief: 'Name a bakery.', skills: ['naming'], ...destination });

  beforeAll(async () => {
    ({ receiver, services, ops, workspace } = await startWebhookSuite({ WEBHOOK_RECONCILE_INTERVAL_MS: '1000' }, 'fan-out durables'));
    nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  });

  afterAll(async () => {
    await nats?.close();
    await stopWebhookSuite(services, receiver);
  });

  it('runs one durable per category it acts on, is sent nothing of a deployment without destinations, and never the records of its deliveries, which are not published', async () => {
    const durables = await consumers();
    for (const durable of FANOUT_DURABLES) expect(durables.has(durable)).toBe(true);
    expect(durables.has('webhooks-fanout')).toBe(false);
    for (const [durable] of CATEGORY_DURABLES) expect(durables.has(durable as string)).toBe(false);
    expect(durables.get('webhooks-fanout-attempt-requests')?.config.filter_subject).toBe(`${services.env.SUBJECT_PREFIX}.delivery.*`);
    expect(durables.get('webhooks-hooks-deployments')?.config.filter_subject).toBe(`${services.env.SUBJECT_PREFIX}.hooks.deployment.>`);

    // One with nowhere to go: the next case registers an endpoint it must never be sent to.
    const withoutDestination = await deploy({});
    const id = await deploy();
    const deliveries = await ops.settled(`deployment_id=${id}`, 3, 'succeeded');
    expect((await ops.list(`deployment_id=${withoutDestination}`)).data).toEqual([]);
    expect(deliveries).toHaveLength(3);
    const after = await consumers();
    // Nine delivery records were made (scheduled, attempted, succeeded, three times): none was sent to the fan-out,
    // and none was published at all, since nothing subscribes to them (deliveryRecordQualifier.unpublished).
    expect(after.get('webhooks-fanout-attempt-requests')?.delivered.stream_seq).toBe(0);
    const jsm = await nats.jetstreamManager();
    const deliverySubjects = (await jsm.streams.info(services.env.NATS_STREAM, { subjects_filter: `${services.env.SUBJECT_PREFIX}.delivery.>` })).state
      .subjects;
    expect(Object.keys(deliverySubjects ?? {})).toEqual([]);
    // The relay copied, for the fan-out, the events of the deployment with a webhook_url only.
    const copied = (await jsm.streams.info(services.env.NATS_STREAM, { subjects_filter: `${services.env.SUBJECT_PREFIX}.hooks.deployment.>` })).state.subjects;
    expect(Object.keys(copied ?? {})).toEqual([`${services.env.SUBJECT_PREFIX}.hooks.deployment.${id}.test`]);
    expect(after.get('webhooks-hooks-deployments')?.delivered.consumer_seq).toBeGreaterThanOrEqual(2);
  });

  it("after an upgrade, delivers what the durables on whole categories still held, and deletes each once the relay's copies of its category begin", async () => {
    // Registered now: fanning out the events before it again would send them there.
    await services.ops('webhook:set', '--workspace', workspace.id, '--url', receiver.url('/endpoint'));
    await services.kill('webhooks');
    // The durables of the version before: one on each whole category.
    const jsm = await nats.jetstreamManager();
    for (const durable of FANOUT_DURABLES.slice(0, 3)) await jsm.consumers.delete(services.env.NATS_STREAM, durable);
    for (const [durable, category] of CATEGORY_DURABLES) {
      await jsm.consumers.add(services.env.NATS_STREAM, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.New,
        filter_subject: `${services.env.SUBJECT_PREFIX}.${category}.>`,
      });
    }
    const heldByTheOldDurable = [await deploy(), await deploy()];
    // Two messages each: the create, and the accept, start and complete bundled (the relay's bundleForBus).
    await waitUntil(async () => ((await consumers()).get('webhooks-fanout-deployments')?.num_pending ?? 0) >= 4, {
      description: 'the old durable to hold both deployments',
    });

    await services.start('webhooks');
    const delivered = (await Promise.all(heldByTheOldDurable.map((id) => ops.settled(`deployment_id=${id}`, 3, 'succeeded', 30_000)))).flat();
    expect(delivered).toHaveLength(6);
    // Drained, live, until the relay's first copy after the drain began (RetiredDurable.untilFirstOn):
    // a relay of the version before would copy nothing, and the old durable would go on fanning out.
    const later = await deploy();
    expect(await ops.settled(`deployment_id=${later}`, 3, 'succeeded', 30_000)).toHaveLength(3);
    await waitUntil(async () => !(await consumers()).has('webhooks-fanout-deployments'), {
      timeoutMs: 30_000,
      description: 'the old durable to be drained and deleted',
    });
    const drained = /retired durable webhooks-fanout-deployments drained and deleted; its events now come through webhooks-hooks-deployments/;
    await waitUntil(() => drained.test(services.logs('webhooks')), { description: 'the drain logged' });
    // No handoff or usage event has been copied since: those old durables are still drained as events come.
    const remaining = await consumers();
    expect(['webhooks-fanout-handoffs', 'webhooks-fanout-accounts'].filter((durable) => remaining.has(durable))).toHaveLength(2);

    // Each event was scheduled to its destination once (three deployments here, one before). Those
    // both durables were sent (the later deployment's, until the old durable was deleted) may be
    // posted twice with one Service-Delivery, which receivers dedupe.
    const requests = receiver.at('/fanout');
    expect(new Set(requests.map((hit) => hit.deliveryId)).size).toBe(12);
    expect(requests.length).toBeLessThanOrEqual(15);
    expect(receiver.at('/endpoint')).toEqual([]);
  });
});
