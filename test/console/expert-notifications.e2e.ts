/**
 * How an expert hears of offers, in Chromium against the real services: in a background tab a new
 * offer shows a notification through the console's worker (tagged as push messages are, with
 * Accept), even when the offer cannot be read; the title counts open offers as `(1) New offer · …`
 * until the tab is seen again; the chime plays once turned on. A Web Push message to the worker
 * shows its notification. Offer cards say what the work pays and by when to accept; History sums
 * credits per week and month; Settings reads and changes the real settings, hides push and e-mail
 * without the settings API, and lists subscribed browsers (answered by the test: no VAPID keys
 * here). axe finds nothing on these pages; pictures in test-output/screenshots/notify-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { waitUntil } from '@eh/platform/testing';
import { accessibilityViolations, clearScreenshots, launchBrowser, screenshots, type ConsoleBrowser } from '../support/browser';
import { heading as headingOn, PERSON_CLOCKS, recordedStep, signInInvitedExpert, UI_TIMEOUT_MS } from '../support/console-page';
import {
  COUNT_OSCILLATORS,
  deliverPush,
  failDeploymentReads,
  failureReport,
  type FailureReport,
  setHidden,
  turnSoundOnAgain,
  settingsWithTwoPushSubscriptions,
  requestedNotifications,
  RECORD_NOTIFICATIONS,
  shownNotifications,
  titleIs,
} from './support/notification-page';
import { startServices, type RunningServices } from '../support/service-harness';
import { RouterE2e, type Expert, type Workspace, startRouterSuite } from '../routing/support/routing-e2e';
import { stopConsoleE2e } from './support/console-e2e';

const CLOCKS = PERSON_CLOCKS;
const SKILL = 'notify-e2e';
const PREFIX = 'notify-';

describe('offer notifications in the expert console (Playwright, real services)', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let browser: ConsoleBrowser;
  let context: BrowserContext;
  let ada: Expert;
  let page: Page;
  const offers: string[] = [];
  const accessibility: Record<string, unknown[]> = {};

  const heading = (name: string | RegExp) => headingOn(page, name);
  let report: FailureReport = async () => 'no page yet';
  const reportFailure: FailureReport = (...on) => report(...on);
  const recorded = (name: string, run: () => Promise<void>) => recordedStep(() => page, `${PREFIX}${name}`, run, reportFailure);
  const offer = async (brief: string): Promise<string> => {
    const created = await e2e.create(workspace.keys.live, { brief, skills: [SKILL] });
    if (created.status !== 201) throw new Error(`create: ${created.status}`);
    await e2e.waitForOffer(created.body.id, 1);
    offers.push(created.body.id);
    return created.body.id;
  };

  beforeAll(async () => {
    clearScreenshots((file) => file.startsWith(PREFIX) || file.startsWith(`failed-${PREFIX}`));
    ({ services, e2e, workspace } = await startRouterSuite(startServices(CLOCKS), 'notify-e2e'));
    ada = await e2e.addExpert([SKILL], 20, { name: 'Ada Lane', rate_credits_per_hour: 60 });
    browser = await launchBrowser();
    context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: services.baseUrl });
    await context.addInitScript(COUNT_OSCILLATORS);
    await context.addInitScript(RECORD_NOTIFICATIONS);
    page = await context.newPage();
    report = failureReport(page);
  }, 120_000);

  afterAll(() => stopConsoleE2e(browser, services));

  it('serves the worker at the console’s base, uncached', async () => {
    const response = await fetch(`${services.baseUrl}/console/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain("addEventListener('push'");
  });

  it(
    'a background tab: a notification through the worker, the title counts open offers, the chime plays; seen again, the title is restored',
    recorded('background', async () => {
      await signInInvitedExpert(page, services, e2e, ada, 'ada@example.com');
      expect(await page.evaluate('navigator.serviceWorker.ready.then((registration) => registration.scope)')).toBe(`${services.baseUrl}/console/`);

      // The Settings page against the real settings API: this run has no VAPID keys and no mail server.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      await heading('Settings');
      const email = page.getByRole('region', { name: 'E-mail' });
      await email.getByText('ada@example.com', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('This server is not set up to send push notifications.').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('browser-permission').textContent()).toMatch(/shows a notification/);
      // The sound is the expert's setting on the server: off, then on again (which plays the chime once).
      await turnSoundOnAgain(page);
      expect((await e2e.asExpert<{ sound: boolean }>(ada, 'GET', '/notification-settings')).body.sound).toBe(true);
      accessibility.settings = await accessibilityViolations(page);
      await screenshots(page, `${PREFIX}settings-server`, { lightOnly: true });

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /Offers/ })
        .click();
      await heading('Offers');
      const baseTitle = await page.title();
      expect(baseTitle).toBe('Offers · Expert console');
      const notesBefore = (await page.evaluate('window.__oscillators')) as number;

      await setHidden(page, true);
      const first = await offer('Rename the spring collection, three options, with a line on each.');
      await titleIs(page, '(1) New offer · Offers · Expert console');
      const shown = await waitUntil(async () => (await requestedNotifications(page)).find((n) => n.tag === `offer:${first}:1`), {
        timeoutMs: UI_TIMEOUT_MS,
        description: 'the offer notification',
      });
      expect(shown.title).toBe(`New offer: ${SKILL}`);
      const reserved = ((await e2e.get(workspace.keys.live, first)).body as unknown as { credits_reserved: number }).credits_reserved;
      expect(shown.body).toContain('Rename the spring collection, three options, with a line on each.');
      expect(shown.body).toMatch(new RegExp(`Up to ${reserved} credits · accept by \\d{2}:\\d{2}`));
      expect(shown.actions).toEqual(['accept']);
      expect((await page.evaluate('window.__oscillators')) as number).toBeGreaterThan(notesBefore);

      // A second offer: the count is the open offers.
      const second = await offer('Write the alt text for twelve product photos.');
      await titleIs(page, '(2) New offers · Offers · Expert console');
      await waitUntil(async () => (await requestedNotifications(page)).some((n) => n.tag === `offer:${second}:1`) || undefined, {
        timeoutMs: UI_TIMEOUT_MS,
        description: 'the second notification',
      });

      // Seen again: the title is the page's own; a visible tab gets no notification.
      await setHidden(page, false);
      await titleIs(page, baseTitle);
      const third = await offer('Proofread the onboarding e-mails (five of them).');
      await page.locator(`[data-deployment-id="${third}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForTimeout(500);
      expect((await requestedNotifications(page)).some((n) => n.tag === `offer:${third}:1`)).toBe(false);
      expect(await page.title()).toBe(baseTitle);
    }),
    180_000,
  );

  it(
    'an offer the console cannot read is still announced, from what the live message said',
    recorded('unread', async () => {
      const reads = await failDeploymentReads(page);
      await setHidden(page, true);
      const unread = await offer('Check the French captions against the English ones.');
      const shown = await waitUntil(async () => (await requestedNotifications(page)).find((n) => n.tag === `offer:${unread}`), {
        timeoutMs: UI_TIMEOUT_MS,
        description: 'the notification of the offer it could not read',
      });
      expect(shown.title).toBe('New offer');
      expect(shown.body).toMatch(/^Open the console to read it · accept by \d{2}:\d{2}$/);
      expect(shown.actions).toEqual(['accept']);
      // Read three times (two retries) before giving up on the details.
      expect(reads.filter((url) => url.endsWith(`/${unread}`))).toHaveLength(3);
      await page.unrouteAll();
      await setHidden(page, false);
    }),
    60_000,
  );

  it(
    'a Web Push message delivered to the worker shows its notification with Accept',
    recorded('push', async () => {
      const payload = {
        kind: 'offer',
        deployment_id: offers[0],
        offer_number: 1,
        title: 'New offer: naming',
        body: 'Up to 40 credits · accept by 14:05',
        url: '/offers',
        skills: ['naming'],
        credits_cap: 40,
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        tag: `offer:${offers[0]}:1`,
      };
      await deliverPush(context, page, services.baseUrl, payload);
      // Same tag as the console's own notification of this offer: it replaces it rather than adding one.
      const shown = await waitUntil(async () => (await shownNotifications(page)).find((n) => n.tag === payload.tag && n.title === payload.title), {
        timeoutMs: 10_000,
        description: 'the push notification',
      });
      expect(shown).toEqual({ title: payload.title, body: payload.body, tag: payload.tag, actions: ['accept'] });
      expect((await shownNotifications(page)).filter((n) => n.tag === payload.tag)).toHaveLength(1);
    }),
    60_000,
  );

  it(
    'the offer card says what the work pays and by when to accept; no SLA shown as a delivery deadline',
    recorded('offer-card', async () => {
      const card = page.locator(`[data-deployment-id="${offers[0]}"]`);
      await card.waitFor({ timeout: UI_TIMEOUT_MS });
      const reserved = ((await e2e.get(workspace.keys.live, offers[0])).body as unknown as { credits_reserved: number }).credits_reserved;
      const estimate = Math.min(Math.ceil((60 * 20) / 60), reserved);
      const credits = (await card.getByTestId('offer-credits').textContent()) ?? '';
      expect(credits).toContain(`Up to ${reserved} credits`);
      expect(credits).toMatch(estimate < reserved ? new RegExp(`about ${estimate} at your rate`) : /the full amount at your rate/);
      expect(await card.getByText('Accept by').count()).toBe(1);
      expect(await page.getByText(/Deliver by|SLA\)/).count()).toBe(0);
      accessibility.offers = await accessibilityViolations(page);
      await screenshots(page, `${PREFIX}offers`, { alsoWidths: [390] });

      // Accepted, the work page shows no deadline at all (the API has no delivery deadline).
      await card.getByRole('button', { name: 'Accept' }).click();
      await heading(/Rename the spring collection/);
      const brief = page.locator('.brief-panel');
      await brief.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await brief.getByText(/Deliver by|Accept by|SLA/).count()).toBe(0);
    }),
    60_000,
  );

  it(
    'History sums credits per week and per month with the total, and exports CSV',
    recorded('history', async () => {
      for (const [index, id] of offers.slice(0, 2).entries()) {
        if (index > 0) expect((await e2e.asExpert(ada, 'POST', `/deployments/${id}/accept`)).status).toBe(200);
        expect((await e2e.asExpert(ada, 'POST', `/deployments/${id}/start`)).status).toBe(200);
        expect(
          (await e2e.asExpert(ada, 'POST', `/deployments/${id}/publish`, { body: 'Done.', duration_seconds: 900, credits_charged: 5 + index })).status,
        ).toBe(200);
      }
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
      await heading('History');
      const total = page.getByTestId('earnings-total');
      await waitUntil(async () => (await total.textContent().catch(() => null)) === '11' || undefined, {
        timeoutMs: UI_TIMEOUT_MS,
        description: 'the total of 11 credits',
      });
      expect(await page.getByRole('heading', { name: 'Credits by month' }).count()).toBe(1);
      await page.getByRole('radio', { name: 'Week' }).check();
      await page.getByRole('heading', { name: 'Credits by week' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('columnheader', { name: 'Week starting' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('earnings-periods').locator('tbody tr').count()).toBe(1);
      expect(await total.textContent()).toBe('11');
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export CSV' }).click();
      const file = await (await download).path();
      const text = (await import('node:fs')).readFileSync(file, 'utf8');
      expect(text.split('\r\n')[0]).toBe('completed_at,deployment_id,skills,credits_charged,duration_seconds,rating,brief');
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(3);
      accessibility.history = await accessibilityViolations(page);
      await screenshots(page, `${PREFIX}history`, { alsoWidths: [390] });
    }),
    60_000,
  );

  it(
    'the Settings page with the server’s settings: push subscriptions listed and removable, e-mail with its address',
    recorded('settings', async () => {
      // This run has no VAPID keys: the test answers as the settings API does with push configured and two browsers subscribed.
      let settings = settingsWithTwoPushSubscriptions();
      // A gateway without the settings API (404): push and e-mail are hidden, the sound is kept on the device.
      const noRoute = { status: 404, json: { error: { code: 'not_found', message: 'no route' } } };
      await page.route('**/expert/v1/notification-settings', (route) => route.fulfill(noRoute));
      await page.goto(`${services.baseUrl}/console/settings`);
      await page.getByTestId('notifications-unavailable').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('push-section').count()).toBe(0);
      expect(await page.getByText('On this device.', { exact: false }).count()).toBe(1);
      await screenshots(page, `${PREFIX}settings-unavailable`, { lightOnly: true });
      await page.unrouteAll();

      const deleted: string[] = [];
      await page.route('**/expert/v1/notification-settings', (route) => route.fulfill({ json: settings }));
      await page.route('**/expert/v1/push-subscriptions/*', async (route) => {
        const id = route.request().url().split('/').pop() as string;
        deleted.push(id);
        expect(route.request().headers()['x-csrf-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
        settings = { ...settings, push: { ...settings.push, subscriptions: settings.push.subscriptions.filter((s) => s.id !== id) } };
        await route.fulfill({ status: 204 });
      });
      // A reload reads the settings afresh (the console keeps them a minute).
      await page.goto(`${services.baseUrl}/console/settings`);
      await heading('Settings');
      const push = page.getByTestId('push-section');
      await push.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await push.locator('strong', { hasText: 'Chrome on Linux' }).count()).toBe(1);
      expect(await push.getByText('Failing').count()).toBe(1);
      expect(await page.getByRole('region', { name: 'E-mail' }).getByText('ada@example.com', { exact: true }).count()).toBe(1);
      accessibility.settingsWithPush = await accessibilityViolations(page);
      await screenshots(page, `${PREFIX}settings`, { alsoWidths: [390] });
      await push.getByRole('button', { name: /Remove Firefox on Android/ }).click();
      await push.locator('strong', { hasText: 'Firefox on Android' }).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(deleted).toEqual(['psub_02']);
      await page.unrouteAll();
    }),
    60_000,
  );

  it('finds no accessibility violation of any impact (axe, light and dark)', () => {
    expect(Object.keys(accessibility).sort()).toEqual(['history', 'offers', 'settings', 'settingsWithPush']);
    expect(Object.fromEntries(Object.entries(accessibility).filter(([, findings]) => findings.length > 0))).toEqual({});
  });
});
