/**
 * Presence against the real services: the router offers work only to experts who can be told of
 * it (an open console event stream here, no other channel on this branch); two offers left to
 * lapse set an expert away and e-mail them the way back; `available_until` bounds `online`.
 */
import { waitUntil } from '@eh/platform/testing';
import type { ErrorBody } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { SmtpInbox } from '../support/smtp-inbox';
import { EventStreamReader } from '../console/support/event-stream';
import { signedIn } from '../console/support/console-client';
import { FAST_CLOCKS, RouterE2e, type Expert, type Workspace, startRouterSuite } from './support/routing-e2e';

interface Me {
  availability: string;
  available_until: string | null;
}

describe('expert presence and reachability', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let inbox: SmtpInbox;
  const streams: EventStreamReader[] = [];

  const openStream = async (expert: Expert): Promise<EventStreamReader> => {
    const stream = await EventStreamReader.open(`${services.baseUrl}/expert/v1/events`, { authorization: `Bearer ${expert.credential}` });
    streams.push(stream);
    // Presence is marked once the stream hears every later event: wait for the opening comment.
    await waitUntil(async () => (stream.messages.some((message) => message.comment === 'connected') ? true : undefined), { description: 'stream connected' });
    return stream;
  };
  const create = async (skill: string): Promise<string> => {
    const created = await e2e.create(workspace.keys.live, { brief: 'Name the autumn campaign.', skills: [skill] });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const me = async (expert: Expert): Promise<Me> => (await e2e.asExpert<Me>(expert, 'GET', '/me')).body;

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    ({ services, e2e, workspace } = await startRouterSuite(
      startServices({
        ...FAST_CLOCKS,
        EXPERT_REACHABILITY: 'required',
        EXPERT_PRESENCE_GRACE_SECONDS: '3',
        CONSOLE_SSE_KEEPALIVE_SECONDS: '1',
        SMTP_URL: inbox.url,
        PUBLIC_BASE_URL: 'https://handoff.example.test',
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
      }),
      'presence',
    ));
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await services?.stop();
    await inbox?.stop();
  });

  it('skips an online expert with no console and no channel; the expert with an open stream gets the offer, and the explanation says who was unreachable', async () => {
    // Ada is faster, so she would rank first; only Bo holds the event stream.
    const ada = await e2e.addExpert(['presence-route'], 10, { name: 'Ada Lane' });
    const bo = await e2e.addExpert(['presence-route'], 50, { name: 'Bo Ek' });
    const boStream = await openStream(bo);
    const id = await create('presence-route');
    const offer = await e2e.waitForOffer(id, 1);
    expect(offer.expertId).toBe(bo.id);
    expect(offer.data.match).toMatchObject({ rank: 1, candidates: 1, unreachable: [ada.id] });
    await boStream.next('offer.created', (data) => data.deployment_id === id);
  });

  it('waits rather than offer to nobody who can hear; the expert opening the console gets it at once', async () => {
    const cy = await e2e.addExpert(['presence-alone'], 10, { name: 'Cy Unseen' });
    const id = await create('presence-alone');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await e2e.types(id)).not.toContain('offered');
    const openedAt = Date.now();
    const stream = await openStream(cy);
    expect((await e2e.waitForOffer(id, 1, 5000)).expertId).toBe(cy.id);
    await stream.next('offer.created', (data) => data.deployment_id === id);
    expect(Date.now() - openedAt).toBeLessThan(5000);
  });

  it('two offers lapsing in a row set the expert away and e-mail them a link back to the console', async () => {
    const dee = await e2e.addExpert(['presence-lapse'], 10, { name: 'Dee Okafor' });
    await signedIn(services, dee, 'dee@example.test', 'amber kettle on the quay');
    await openStream(dee);
    // Each deployment has only Dee to offer to: the offer lapses (OFFER_TIMEOUT_SECONDS=2) and it waits.
    const first = await create('presence-lapse');
    await e2e.waitForOffer(first, 1);
    await e2e.waitForEvent(first, 'offer_expired');
    expect((await me(dee)).availability).toBe('online');
    const second = await create('presence-lapse');
    await e2e.waitForOffer(second, 1);
    await waitUntil(async () => ((await me(dee)).availability === 'away' ? true : undefined), { timeoutMs: 10_000, description: 'Dee set away' });
    // Dee also gets each offer by mail; the one that matters here is the notice that they were set away.
    const isAwayNotice = (message: { to: string[]; subject: string }): boolean =>
      message.to.includes('dee@example.test') && message.subject.startsWith('You were set away');
    const mail = await inbox.waitFor(isAwayNotice);
    expect(mail.subject).toBe('You were set away: two offers lapsed');
    expect(mail.text).toContain('https://handoff.example.test/console/');
    // Exactly one message, however many times the event was handled.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.messages.filter(isAwayNotice)).toHaveLength(1);
    // One click back: online again, and offers come again.
    expect((await e2e.asExpert<Me>(dee, 'POST', '/availability', { availability: 'online' })).body.availability).toBe('online');
    const third = await create('presence-lapse');
    expect((await e2e.waitForOffer(third, 1)).expertId).toBe(dee.id);
  });

  it('a decline between two lapses resets the count', async () => {
    const eve = await e2e.addExpert(['presence-reset'], 10, { name: 'Eve Marr' });
    await openStream(eve);
    const first = await create('presence-reset');
    await e2e.waitForOffer(first, 1);
    await e2e.waitForEvent(first, 'offer_expired');
    const second = await create('presence-reset');
    await e2e.waitForOffer(second, 1);
    expect((await e2e.asExpert(eve, 'POST', `/deployments/${second}/decline`, { reason: 'not my field' })).status).toBe(200);
    const third = await create('presence-reset');
    await e2e.waitForOffer(third, 1);
    await e2e.waitForEvent(third, 'offer_expired');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await me(eve)).availability).toBe('online');
  });

  it('available_until: refused in the past or past 7 days (400 naming it); shown while online; offline once it passes', async () => {
    const fay = await e2e.addExpert(['presence-until'], 10, { name: 'Fay Lund' });
    const set = (body: unknown) => e2e.asExpert<Me & ErrorBody>(fay, 'POST', '/availability', body);
    for (const until of [new Date(Date.now() - 60_000).toISOString(), new Date(Date.now() + 8 * 24 * 3600_000).toISOString(), 'soon']) {
      const refused = await set({ availability: 'online', available_until: until });
      expect([refused.status, refused.body.error?.code, refused.body.error?.param]).toEqual([400, 'invalid_request', 'available_until']);
    }
    expect((await me(fay)).availability).toBe('online');
    const until = new Date(Date.now() + 2500).toISOString();
    const accepted = await set({ availability: 'online', available_until: until });
    expect([accepted.status, accepted.body.available_until]).toEqual([200, until]);
    expect(await me(fay)).toMatchObject({ availability: 'online', available_until: until });
    // Past it, the sweep (every TIMER_RECONCILE_SECONDS=1) turns the roster offline.
    await waitUntil(async () => ((await me(fay)).availability === 'offline' ? true : undefined), { timeoutMs: 8_000, description: 'Fay offline' });
    expect((await me(fay)).available_until).toBeNull();
  });
});
