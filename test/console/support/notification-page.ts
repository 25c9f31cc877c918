import type { Page } from 'playwright-core';
import { waitUntil } from '@eh/platform/testing';
import { UI_TIMEOUT_MS } from '../../support/console-page';

/** What the notification tests read from and do to the expert console's page. */

export interface Shown {
  title: string;
  body: string;
  tag: string;
  actions: string[];
}

/**
 * What the page said and which of its requests failed, for a failed step's message: the console
 * swallows a notification it could not show (the expert is not to be bothered), so only its
 * warnings and the answers it got say why.
 */
export function pageTroubles(page: Page): () => string {
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 20) lines.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') keep(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) keep(`${response.request().method()} ${new URL(response.url()).pathname} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => keep(`${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText ?? '?'}`));
  return () => (lines.length > 0 ? lines.join('\n') : 'no warning, error or failed request');
}

/** Counts the chime's notes: every oscillator the page starts (set before the app loads). */
export const COUNT_OSCILLATORS = `(() => {
  window.__oscillators = 0;
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { window.__oscillators += 1; return create.call(this); };
})()`;

/** Makes the page believe it is in a background tab (or in front again), as the browser tells it. */
// (Strings: the tests compile without the DOM's types.)
export const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${hidden ? 'hidden' : 'visible'}' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${hidden} });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);

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
