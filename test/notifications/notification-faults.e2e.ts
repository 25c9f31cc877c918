/**
 * Notifications through faults, against real servers: a stalled SMTP server is retried within
 * bounds while routing goes on, and a webhooks process killed mid-send sends no duplicate.
 */
import { waitUntil } from '@eh/platform/testing';
import { request } from '../support/http';
import { LocalPushService } from '../support/push-service';
import { startServices, type RunningServices } from '../support/service-harness';
import { SmtpInbox } from '../support/smtp-inbox';
import type { Workspace } from '../routing/support/routing-e2e';
import { NOTIFY_CLOCKS, NotificationsE2e, vapidEnv } from './support/notifications-e2e';

describe('a stalled SMTP server', () => {
  let services: RunningServices;
  let e2e: NotificationsE2e;
  const stalled = new SmtpInbox({ stall: true });

  beforeAll(async () => {
    await stalled.start();
    services = await startServices({ ...NOTIFY_CLOCKS, OFFER_TIMEOUT_SECONDS: '30', SMTP_URL: stalled.url, NOTIFY_EMAIL_RETRY_DELAYS_MS: '300,300' });
    e2e = new NotificationsE2e(services);
  });
  afterAll(async () => {
    await services?.stop();
    await stalled.stop();
  });

  it('is tried a bounded number of times, then failed; offers keep flowing meanwhile', async () => {
    const workspace = await services.ops<Workspace>('workspace:create', '--name', 'stalled-smtp');
    const ada = await e2e.expertWith('ada@example.test');
    const started = Date.now();
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) ids.push((await e2e.create(workspace.keys.live, { brief: 'Name it.', skills: [ada.skill] })).body.id);
    // One offer at a time per expert is not a rule: each deployment is offered to Ada at once.
    for (const id of ids) await e2e.waitForOffer(id, 1, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    const accepted = await e2e.asExpert(ada, 'POST', `/deployments/${ids[0]}/accept`);
    expect(accepted.status).toBe(200);
    const failed = await e2e.sendIn(ada.id, `offer:${ids[1]}:1`, 'email', ['failed'], 30_000);
    expect(failed).toMatchObject({ attempts: 3, last_error: expect.stringMatching(/timeout|Greeting|no answer/i) });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rows = await e2e.sends(ada.id);
    expect(Math.max(...rows.map((row) => row.attempts))).toBeLessThanOrEqual(3);
  });
});

describe('the webhooks process killed mid-send', () => {
  let services: RunningServices;
  let e2e: NotificationsE2e;
  let holding = true;
  const inbox = new SmtpInbox({ holdData: () => holding });
  const push = new LocalPushService();

  beforeAll(async () => {
    await Promise.all([inbox.start(), push.start()]);
    services = await startServices({
      ...NOTIFY_CLOCKS,
      ...vapidEnv(),
      SMTP_URL: inbox.url,
      OFFER_TIMEOUT_SECONDS: '60',
      SMTP_CONNECTION_TIMEOUT_MS: '1000',
      SMTP_SOCKET_TIMEOUT_MS: '3000',
      NOTIFY_LEASE_MS: '10000',
    });
    e2e = new NotificationsE2e(services);
  });
  afterAll(async () => {
    await services?.stop();
    await Promise.all([inbox.stop(), push.stop()]);
  });

  it('sends exactly one message per (offer, channel) after a kill -9 and a restart', async () => {
    const workspace = await services.ops<Workspace>('workspace:create', '--name', 'crash');
    const bo = await e2e.expertWith('bo@example.test');
    expect((await request(services.baseUrl, 'POST', '/expert/v1/push-subscriptions', { key: bo.credential, body: push.subscribe('bo') })).status).toBe(201);
    const id = (await e2e.create(workspace.keys.live, { brief: 'Name it.', skills: [bo.skill] })).body.id;
    // The push is sent and recorded; the mail's DATA is held unanswered: the process is mid-send.
    await e2e.sendIn(bo.id, `offer:${id}:1`, 'push', ['sent']);
    await waitUntil(async () => (inbox.held === 1 ? true : undefined), { timeoutMs: 10_000, intervalMs: 10, description: 'mail held mid-send' });
    await services.kill('webhooks');
    expect((await e2e.sends(bo.id)).find((row) => row.channel === 'email')).toMatchObject({ status: 'sending', attempts: 1 });
    holding = false;
    await services.start('webhooks');
    // Once the dead process's lease runs out, the send is claimed again and completed, once.
    const mail = await inbox.waitFor((m) => m.messageId?.includes(id) === true, 30_000);
    expect(mail.to).toEqual(['bo@example.test']);
    await e2e.sendIn(bo.id, `offer:${id}:1`, 'email', ['sent']);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(inbox.messages.filter((m) => m.messageId?.includes(id))).toHaveLength(1);
    expect(push.received.filter((p) => p.payload.deployment_id === id)).toHaveLength(1);
    const rows = await e2e.sends(bo.id);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'email', status: 'sent', attempts: 2 }),
        expect.objectContaining({ channel: 'push', status: 'sent', attempts: 1 }),
      ]),
    );
  });
});
