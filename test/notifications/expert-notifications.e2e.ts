/**
 * Experts hear of their offers by e-mail and Web Push, against real servers: an SMTP server that
 * keeps what it receives and a push service on loopback that decrypts what it is sent.
 */
import { reachableChannels } from '@eh/notifications';
import { waitUntil } from '@eh/platform/testing';
import { signedIn } from '../console/support/console-client';
import { request, type ErrorBody } from '../support/http';
import { LocalPushService } from '../support/push-service';
import { startServices, type RunningServices } from '../support/service-harness';
import { SmtpInbox } from '../support/smtp-inbox';
import type { Workspace } from '../routing/support/routing-e2e';
import { NOTIFY_CLOCKS, NotificationsE2e, vapidEnv } from './support/notifications-e2e';

describe('expert notifications by e-mail and Web Push', () => {
  let services: RunningServices;
  let e2e: NotificationsE2e;
  let workspace: Workspace;
  let deferring = true;
  const inbox = new SmtpInbox({ refuse: (to) => to.startsWith('bounce'), defer: (to) => deferring && to.startsWith('later') });
  const push = new LocalPushService();

  const create = async (skill: string): Promise<string> => {
    const created = await e2e.create(workspace.keys.live, { brief: 'Name the new bakery.', skills: [skill] });
    expect(created.status).toBe(201);
    return created.body.id;
  };

  beforeAll(async () => {
    await Promise.all([inbox.start(), push.start()]);
    // Reachability on: an expert with no console open is offered work because mail or push reaches them.
    services = await startServices({ ...NOTIFY_CLOCKS, ...vapidEnv(), SMTP_URL: inbox.url, EXPERT_REACHABILITY: 'required' });
    e2e = new NotificationsE2e(services);
    workspace = await services.ops<Workspace>('workspace:create', '--name', 'notifications');
  });

  afterAll(async () => {
    await services?.stop();
    await Promise.all([inbox.stop(), push.stop()]);
  });

  it('an expert with only e-mail gets the offer within 2 s; the link opens the console offers page', async () => {
    const ada = await e2e.expertWith('ada@example.test');
    const id = await create(ada.skill);
    const offer = await e2e.waitForOffer(id, 1);
    const mail = await inbox.waitFor((m) => m.to.includes('ada@example.test') && m.text.includes('Accept by'), 5_000);
    expect(mail.receivedAt - Date.parse(offer.data.offered_at as string)).toBeLessThan(2_000);
    expect(mail.subject).toBe(`New offer: ${ada.skill}`);
    expect(mail.messageId).toContain(encodeURIComponent(`offer:${id}:1:email`));
    const link = /Open it: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(link).toBe(`${services.baseUrl}/console/offers`);
    const page = await fetch(link);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
    const [row] = await e2e.sends(ada.id);
    expect(row).toMatchObject({
      notification_id: `offer:${id}:1`,
      kind: 'offer',
      channel: 'email',
      subscription_id: null,
      deployment_id: id,
      status: 'sent',
      attempts: 1,
      last_error: null,
    });
    const unknown = await request<ErrorBody>(services.baseUrl, 'GET', '/admin/v1/experts/spec_01JZ0000000000000000000000/notifications', {
      headers: e2e.admin,
    });
    expect([unknown.status, unknown.body.error.param]).toEqual([404, 'id']);
    const badCursor = await request<ErrorBody>(services.baseUrl, 'GET', `/admin/v1/experts/${ada.id}/notifications?cursor=nope`, { headers: e2e.admin });
    expect([badCursor.status, badCursor.body.error.param]).toEqual([400, 'cursor']);
    expect(await reachableChannels(services.database.pool, [ada.id, 'spec_nobody'], true)).toEqual(
      new Map([
        [ada.id, { email: true, push: false }],
        ['spec_nobody', { email: false, push: false }],
      ]),
    );
  });

  it('a refused address (550) is failed for good after one attempt: no retry storm', async () => {
    const bo = await e2e.expertWith('bounce-bo@example.test');
    const id = await create(bo.skill);
    const failed = await e2e.sendIn(bo.id, `offer:${id}:1`, 'email', ['failed']);
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringContaining('550') });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await e2e.sends(bo.id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a lapsed offer sends nothing more: retries of a deferred mail stop when the offer ends', async () => {
    const cy = await e2e.expertWith('later-cy@example.test');
    const id = await create(cy.skill);
    await e2e.sendIn(cy.id, `offer:${id}:1`, 'email', ['retrying']);
    // OFFER_TIMEOUT_SECONDS=4: the offer lapses while the server keeps deferring.
    await e2e.waitForStatus(workspace.keys.live, id, 'pending');
    await e2e.waitForEvent(id, 'offer_expired');
    const ended = await e2e.sendIn(cy.id, `offer:${id}:1`, 'email', ['skipped', 'failed']);
    deferring = false;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(inbox.to('later-cy@example.test')).toEqual([]);
    expect((await e2e.sends(cy.id))[0]).toMatchObject({ status: ended.status, attempts: ended.attempts });
    expect(ended.attempts).toBeLessThanOrEqual(5);
  });

  it('from the console session, a change needs the session’s CSRF token', async () => {
    const fay = await e2e.expertWith(null);
    const client = await signedIn(services, fay, 'fay@example.test', 'correct horse battery staple');
    const refused = await client.call<ErrorBody>('POST', '/expert/v1/push-subscriptions', { body: push.subscribe('fay'), csrf: null });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'csrf_token_invalid']);
    expect((await client.call('POST', '/expert/v1/push-subscriptions', { body: push.subscribe('fay') })).status).toBe(201);
    const settings = await client.call<{ email: { address: string; deliverable: boolean }; push: { subscriptions: unknown[] } }>(
      'GET',
      '/expert/v1/notification-settings',
    );
    expect(settings.body.email).toEqual({ enabled: true, address: 'fay@example.test', deliverable: true });
    expect(settings.body.push.subscriptions).toHaveLength(1);
  });

  it('pushes the offer encrypted to each subscribed browser; a 410 marks the subscription gone', async () => {
    const di = await e2e.expertWith(null);
    const browser = push.subscribe('di-laptop');
    const subscribe = (body: unknown) =>
      request<{ id: string } & ErrorBody>(services.baseUrl, 'POST', '/expert/v1/push-subscriptions', {
        key: di.credential,
        body,
        headers: { 'user-agent': 'e2e-browser' },
      });
    const first = await subscribe(browser);
    expect(first.status).toBe(201);
    expect((await subscribe(browser)).body.id).toBe(first.body.id);
    expect((await subscribe(browser)).status).toBe(200);
    const bad = await subscribe({ ...browser, keys: { ...browser.keys, p256dh: 'AAAA' } });
    expect([bad.status, bad.body.error.param]).toEqual([400, 'keys.p256dh']);
    const settings = await request<{
      email: { deliverable: boolean };
      push: { vapid_public_key: string; subscriptions: { id: string; user_agent: string }[] };
    }>(services.baseUrl, 'GET', '/expert/v1/notification-settings', { key: di.credential });
    expect(settings.body.email.deliverable).toBe(false);
    expect(settings.body.push.vapid_public_key).toBe(services.env.VAPID_PUBLIC_KEY);
    expect(settings.body.push.subscriptions).toEqual([expect.objectContaining({ id: first.body.id, user_agent: 'e2e-browser' })]);

    const id = await create(di.skill);
    const offer = await e2e.waitForOffer(id, 1);
    const received = await waitUntil(async () => push.received.find((p) => p.payload.deployment_id === id), { timeoutMs: 5_000, description: 'push received' });
    expect(received.receivedAt - Date.parse(offer.data.offered_at as string)).toBeLessThan(2_000);
    expect(received.payload).toMatchObject({
      kind: 'offer',
      deployment_id: id,
      offer_number: 1,
      url: '/offers',
      skills: [di.skill],
      tag: `offer:${id}:1`,
      expires_at: offer.data.offer_expires_at,
    });
    expect(Number(received.headers.ttl)).toBeGreaterThan(0);
    expect(Number(received.headers.ttl)).toBeLessThanOrEqual(4);
    expect(received.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(received.headers.authorization).toMatch(/^vapid t=/);

    push.answer = () => 410;
    const second = await create(di.skill);
    await e2e.sendIn(di.id, `offer:${second}:1`, 'push', ['gone']);
    const after = await request<{ push: { subscriptions: unknown[] } }>(services.baseUrl, 'GET', '/expert/v1/notification-settings', { key: di.credential });
    expect(after.body.push.subscriptions).toEqual([]);
    expect((await reachableChannels(services.database.pool, [di.id], true)).get(di.id)).toEqual({ email: false, push: false });
    // Now nothing reaches this expert: the router passes over them, so there is no offer to send.
    const third = await create(di.skill);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await e2e.sends(di.id)).filter((row) => row.deployment_id === third)).toEqual([]);
    expect((await request<{ status: string }>(services.baseUrl, 'GET', `/v1/deployments/${third}`, { key: workspace.keys.live })).body.status).toBe('pending');
    push.answer = () => 201;
  });

  it('tells the assigned expert of the reply and of a cancellation by the agent; settings turn e-mail off', async () => {
    const ed = await e2e.expertWith('ed@example.test');
    const id = await create(ed.skill);
    await e2e.waitForOffer(id, 1);
    await e2e.asExpert(ed, 'POST', `/deployments/${id}/accept`);
    await e2e.asExpert(ed, 'POST', `/deployments/${id}/start`);
    await e2e.asExpert(ed, 'POST', `/deployments/${id}/ask`, { question: 'Which street?' });
    await request(services.baseUrl, 'POST', `/v1/deployments/${id}/reply`, { key: workspace.keys.live, body: { body: 'High Street.' } });
    const reply = await inbox.waitFor((m) => m.to.includes('ed@example.test') && m.subject === 'The agent answered your question');
    expect(reply.text).toContain(`${services.baseUrl}/console/work/${id}`);
    // The agent may cancel accepted work (not work in progress).
    const dropped = await create(ed.skill);
    await e2e.waitForOffer(dropped, 1);
    await e2e.asExpert(ed, 'POST', `/deployments/${dropped}/accept`);
    expect(
      (await request(services.baseUrl, 'POST', `/v1/deployments/${dropped}/cancel`, { key: workspace.keys.live, body: { reason: 'Budget cut' } })).status,
    ).toBe(200);
    const cancelled = await inbox.waitFor((m) => m.to.includes('ed@example.test') && m.subject === 'Work cancelled');
    expect(cancelled.text).toContain('Budget cut');
    // Operations page through what went to Ed, newest first.
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { data: { notification_id: string }[]; next: string | null } } = await request(
        services.baseUrl,
        'GET',
        `/admin/v1/experts/${ed.id}/notifications?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: e2e.admin },
      );
      expect(page.status).toBe(200);
      pages.push(...page.body.data.map((row) => row.notification_id));
      cursor = page.body.next;
    } while (cursor !== null);
    expect(pages).toEqual([`cancelled:${dropped}`, `offer:${dropped}:1`, `reply:${id}`, `offer:${id}:1`]);

    const off = await request<{ email: { enabled: boolean } }>(services.baseUrl, 'PATCH', '/expert/v1/notification-settings', {
      key: ed.credential,
      body: { email_enabled: false },
    });
    expect(off.body.email.enabled).toBe(false);
    const wrong = await request<ErrorBody>(services.baseUrl, 'PATCH', '/expert/v1/notification-settings', {
      key: ed.credential,
      body: { email_enabled: 'no' },
    });
    expect([wrong.status, wrong.body.error.param]).toEqual([400, 'email_enabled']);
    // E-mail was this expert's only channel: turned off, they are not offered work at all.
    const quiet = await create(ed.skill);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await request<{ status: string }>(services.baseUrl, 'GET', `/v1/deployments/${quiet}`, { key: workspace.keys.live })).body.status).toBe('pending');
    expect(inbox.messages.filter((m) => m.messageId?.includes(quiet))).toEqual([]);
    expect(await e2e.sends(ed.id)).not.toContainEqual(expect.objectContaining({ deployment_id: quiet }));
  });
});
