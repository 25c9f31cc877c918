import { waitUntil } from '@eh/platform/testing';
import { verifyWebhook } from '@eh/webhook-signature';
import { request } from '../support/http';
import { ADMIN_KEY } from './support/webhook-admin';
import { createDeployment } from './support/create-deployment';
import { startWebhookSuite, stopWebhookSuite, type WebhookSuite } from './support/webhook-suite';

/** Full exhaustion into the dead letters, single and bulk replay (admin API and ops CLI), secret rotation. */
describe('dead letters, replay and secret rotation', () => {
  // The suite's parts, as startWebhookSuite hands them over in beforeAll.
  let { receiver, services, ops, workspace } = {} as WebhookSuite;
  let secret: string;
  let downIs = 500;

  const deploy = (body: Record<string, unknown> = {}): Promise<string> =>
    createDeployment(services.baseUrl, workspace.keys.test, { brief: 'Name a cat.', skills: ['naming'], ...body });

  beforeAll(async () => {
    ({ receiver, services, ops, workspace } = await startWebhookSuite(
      { WEBHOOK_RETRY_DELAYS_MS: '50,50,50,50,50,50', WEBHOOK_RECONCILE_INTERVAL_MS: '1000' },
      'dead-letters',
    ));
    receiver.behave('/down', () => ({ status: downIs }));
    // Registered through the ops CLI this time.
    const registered = await services.ops<{ secret: string; endpoint: { id: string } }>(
      'webhook:set',
      '--workspace',
      workspace.id,
      '--url',
      receiver.url('/down'),
    );
    secret = registered.secret;
  });

  afterAll(() => stopWebhookSuite(services, receiver));

  it('dead-letters after the whole schedule (1 attempt + 6 retries), listed with its attempt history', async () => {
    const id = await deploy();
    const dead = await ops.settled(`deployment_id=${id}`, 3, 'dead_lettered');
    for (const delivery of dead) {
      const detail = await ops.delivery(delivery.id);
      expect(detail.attempt_history.map((a) => a.status_code)).toEqual([500, 500, 500, 500, 500, 500, 500]);
      expect(detail).toMatchObject({ attempts: 7, dead_letter_reason: 'HTTP 500', next_attempt_at: null });
      expect(receiver.at('/down').filter((w) => w.deliveryId === delivery.id)).toHaveLength(7);
    }
    const listed = await ops.list(
      `status=dead_lettered&workspace_id=${workspace.id}&event_type=deployment.completed&created_after=${encodeURIComponent(dead[0].created_at)}`,
    );
    expect(listed.data.map((d) => d.event_type)).toEqual(['deployment.completed']);
    const cli = await services.ops<{ data: { id: string }[] }>(
      'deliveries:list',
      '--status',
      'dead_lettered',
      '--endpoint',
      dead[0].endpoint_id ?? '',
      '--event-type',
      'deployment.accepted',
    );
    expect(cli.data).toHaveLength(1);
    const shown = await services.ops<{ attempt_history: unknown[] }>('deliveries:show', '--id', dead[0].id);
    expect(shown.attempt_history).toHaveLength(7);
    const early = await ops.list(`status=dead_lettered&workspace_id=${workspace.id}&created_before=2000-01-01T00:00:00Z`);
    expect(early.data).toEqual([]);
  });

  it('replays one dead letter with the same delivery id and the full schedule again', async () => {
    const [target] = (await ops.list(`status=dead_lettered&workspace_id=${workspace.id}&event_type=deployment.accepted`)).data;
    const first = await ops.call<{ id: string }>('POST', `/admin/v1/webhook-deliveries/${target.id}/replay`);
    expect([first.status, first.body.id]).toEqual([200, target.id]);
    // It failed once more right away (still down): the new round retries on the full schedule.
    const redead = await waitUntil(
      async () => {
        const detail = await ops.delivery(target.id);
        return detail.status === 'dead_lettered' && detail.attempts === 14 ? detail : undefined;
      },
      { description: 'the replayed round to run out' },
    );
    expect(redead.attempt_history.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    downIs = 200;
    const replay = await ops.call<{ status: string; id: string }>('POST', `/admin/v1/webhook-deliveries/${target.id}/replay`);
    expect([replay.status, replay.body.id, replay.body.status]).toEqual([200, target.id, 'scheduled']);
    await waitUntil(async () => (await ops.delivery(target.id)).status === 'succeeded', { description: 'the replay to succeed' });
    expect([...receiver.processed.keys()].filter((id) => id === target.id)).toHaveLength(1);
    expect((await ops.delivery(target.id)).attempts).toBe(15);
    // A success can be resent too (same id, one more round); it is received once more.
    const resent = await ops.call<{ status: string }>('POST', `/admin/v1/webhook-deliveries/${target.id}/replay`);
    expect([resent.status, resent.body.status]).toEqual([200, 'scheduled']);
    await waitUntil(
      async () => ((await ops.delivery(target.id)).attempts === 16 && (await ops.delivery(target.id)).status === 'succeeded' ? true : undefined),
      { description: 'the success resent' },
    );
    const missing = await ops.call<{ error: { code: string } }>('POST', '/admin/v1/webhook-deliveries/del_01JZZZZZZZZZZZZZZZZZZZZZZZ/replay');
    expect(missing.status).toBe(404);
  });

  it('replays every dead letter matching a filter, through the admin API and the ops CLI', async () => {
    downIs = 500;
    const first = await deploy();
    const second = await deploy();
    await ops.settled(`deployment_id=${first}`, 3, 'dead_lettered');
    await ops.settled(`deployment_id=${second}`, 3, 'dead_lettered');
    downIs = 200;
    const viaApi = await ops.call<{ matched: number; replayed: number }>('POST', '/admin/v1/webhook-deliveries/replay', { deployment_id: first });
    expect(viaApi.body).toMatchObject({ object: 'bulk_replay', matched: 3, replayed: 3, skipped: 0 });
    const viaCli = await services.ops<{ matched: number; replayed: number }>('deliveries:replay', '--workspace', workspace.id);
    // The second deployment's three, plus the two left from the first test.
    expect(viaCli).toMatchObject({ object: 'bulk_replay', matched: 5, replayed: 5 });
    await ops.settled(`deployment_id=${first}`, 3, 'succeeded');
    await ops.settled(`deployment_id=${second}`, 3, 'succeeded');
    expect((await ops.list(`status=dead_lettered&workspace_id=${workspace.id}`)).data).toEqual([]);
    const unfiltered = await request<{ error: { code: string } }>(services.baseUrl, 'GET', '/admin/v1/webhook-deliveries?colour=red', { key: ADMIN_KEY });
    expect(unfiltered.status).toBe(400);
  });

  it('signs with the new and the old secret during a rotation overlap; an overlap of 0 retires the replaced one at once', async () => {
    const rotated = await ops.call<{ secret: string; endpoint: { secrets: { expires_at: string | null }[] } }>(
      'POST',
      `/admin/v1/workspaces/${workspace.id}/webhook-endpoint/rotate-secret`,
      { overlap_seconds: 3600 },
    );
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret;
    expect(fresh).not.toBe(secret);
    expect(rotated.body.endpoint.secrets.map((s) => s.expires_at === null)).toEqual([true, false]);
    const id = await deploy();
    await ops.settled(`deployment_id=${id}`, 3, 'succeeded');
    const during = receiver.at('/down').filter((w) => JSON.parse(w.body).data.object.id === id);
    for (const webhook of during) {
      expect(webhook.signature.match(/v1=/g)).toHaveLength(2);
      for (const key of [fresh, secret]) expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [key] }).valid).toBe(true);
    }
    const cli = await services.ops<{ secret: string }>('webhook:rotate', '--workspace', workspace.id, '--overlap-seconds', '0');
    const after = await deploy();
    await ops.settled(`deployment_id=${after}`, 3, 'succeeded');
    for (const webhook of receiver.at('/down').filter((w) => JSON.parse(w.body).data.object.id === after)) {
      // The CLI's overlap 0 retired `fresh` at once; the first secret is still inside its hour.
      expect(webhook.signature.match(/v1=/g)).toHaveLength(2);
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [cli.secret] }).valid).toBe(true);
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [fresh] }).valid).toBe(false);
      expect(verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets: [secret] }).valid).toBe(true);
    }
  });
});
