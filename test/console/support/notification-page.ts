import type { BrowserContext, Page, Request } from 'playwright-core';
import { waitUntil } from '@eh/platform/testing';
import { UI_TIMEOUT_MS } from '../../support/console-page';

/** What the notification tests read from and do to the expert console's page. */

export interface Shown {
  title: string;
  body: string;
  tag: string;
  actions: string[];
}

/** What a failed step says beside its message. */
export type FailureReport = (page: Page, step: string) => Promise<string>;

/**
 * A failed step's picture, the notifications shown, what the page said and which of its requests
 * failed or were still unanswered: the console swallows a notification it could not show (the
 * expert is not to be bothered), so only these say why one is missing.
 */
export function failureReport(page: Page): FailureReport {
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 20) lines.shift();
  };
  const where = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') keep(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) keep(`${where(response.request())} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => keep(`${where(request)} failed: ${request.failure()?.errorText ?? '?'}`));
  // A request still unanswered when the step gave up (an event stream always is).
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return async (current, step) => {
    const shown = await shownNotifications(current).then((all) => all.map((n) => n.tag).join(', ') || 'none', String);
    const troubles = [...lines, ...[...pending].map((request) => `unanswered: ${where(request)}`)];
    return `picture: test-output/screenshots/failed-${step}.png; notifications shown: ${shown}; the page's troubles:\n${troubles.join('\n') || 'none'}`;
  };
}

/** Answers the page's reads of any deployment with a 503; returns the addresses read. */
export async function failDeploymentReads(page: Page): Promise<string[]> {
  const reads: string[] = [];
  await page.route('**/expert/v1/deployments/*', (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    reads.push(route.request().url());
    return route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'try again' } } });
  });
  return reads;
}

/** Hands the console's worker a Web Push message, as the browser's push service would. */
export async function deliverPush(context: BrowserContext, page: Page, origin: string, payload: object): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => {
    for (const registration of event.registrations) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await waitUntil(async () => registrations.get(`${origin}/console/`), {
    timeoutMs: 10_000,
    description: 'the worker registration',
  });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
}

/** Counts the chime's notes: every oscillator the page starts (set before the app loads). */
export const COUNT_OSCILLATORS = `(() => {
  window.__oscillators = 0;
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { window.__oscillators += 1; return create.call(this); };
})()`;

/** On Settings: the offer sound switched off (if it was on), then on, which plays the chime once. */
export async function turnSoundOnAgain(page: Page): Promise<void> {
  const sound = page.getByLabel(/Play a sound for a new offer/);
  if (await sound.isChecked()) {
    await sound.uncheck();
    await waitUntil(async () => !(await sound.isChecked()) || undefined, { timeoutMs: UI_TIMEOUT_MS, description: 'sound off' });
  }
  const notesBeforeCheck = (await page.evaluate('window.__oscillators')) as number;
  await sound.check();
  await waitUntil(async () => ((await page.evaluate('window.__oscillators')) as number) >= notesBeforeCheck + 2 || undefined, {
    timeoutMs: 5_000,
    description: 'the sample chime',
  });
}

/** Makes the page believe it is in a background tab (or in front again), as the browser tells it. */
// (Strings: the tests compile without the DOM's types.)
export const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${hidden ? 'hidden' : 'visible'}' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${hidden} });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);

/**
 * Records each notification the page asks its worker registration to show (set before the app
 * loads). The tests of the console's own notifications read these: what the console asked for is
 * its part; when Chromium lists a shown one in `getNotifications()` is the browser's, and on a
 * busy machine that lags by more than half a minute at times, long after the show resolved.
 */
export const RECORD_NOTIFICATIONS = `(() => {
  window.__notifications = [];
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (title, options = {}) {
    window.__notifications.push({ title, body: options.body || '', tag: options.tag || '', actions: (options.actions || []).map((a) => a.action) });
    return show.call(this, title, options);
  };
})()`;

/** The notifications the console asked its worker registration to show (RECORD_NOTIFICATIONS). */
export const requestedNotifications = (page: Page): Promise<Shown[]> => page.evaluate('window.__notifications') as Promise<Shown[]>;

/** The notifications the console's worker registration holds now (what the system shows). */
export const shownNotifications = (page: Page): Promise<Shown[]> =>
  page.evaluate(`navigator.serviceWorker.ready
    .then((registration) => registration.getNotifications())
    .then((shown) => shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, actions: (n.actions || []).map((a) => a.action) })))`) as Promise<Shown[]>;

// Polled from here: waitForFunction's string would be evaluated in the page, which the console's CSP forbids.
export const titleIs = (page: Page, title: string) =>
  waitUntil(async () => (await page.title()) === title || undefined, { timeoutMs: UI_TIMEOUT_MS, description: `the title "${title}"` });

/** The settings API's answer with push configured and two browsers subscribed, one of them failing. */
export function settingsWithTwoPushSubscriptions() {
  return {
    email: { enabled: true, address: 'ada@example.com', deliverable: true },
    push: {
      enabled: true,
      vapid_public_key: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      subscriptions: [
        {
          id: 'psub_01',
          created_at: '2026-05-01T09:00:00.000Z',
          user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
          last_sent_at: '2026-05-02T10:00:00.000Z',
          failing: false,
        },
        {
          id: 'psub_02',
          created_at: '2026-05-03T09:00:00.000Z',
          user_agent: 'Mozilla/5.0 (Android 15; Mobile) Gecko/133.0 Firefox/133.0',
          last_sent_at: null,
          failing: true,
        },
      ],
    },
    sound: false,
  };
}
