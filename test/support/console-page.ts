/**
 * Driving the console in a browser, for every suite that does: the waits a person's pace needs,
 * the moves each suite repeats (headings, notices, an expert's invitation and password), and
 * what a failing step leaves behind for whoever reads the log.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { FAST_CLOCKS, type Expert, type RouterE2e } from '../routing/support/routing-e2e';
import { SCREENSHOTS } from './browser';
import { request } from './http';
import type { RunningServices } from './service-harness';

export const UI_TIMEOUT_MS = 30_000;
export const PASSWORD = 'correct horse battery staple';

/** Offer, work and reply deadlines a person (here, a script driving a browser) can keep, unlike the router tests' seconds. */
export const PERSON_CLOCKS = {
  ...FAST_CLOCKS,
  OFFER_TIMEOUT_SECONDS: '120',
  SLA_STANDARD_SECONDS: '3600',
  SLA_PRIORITY_SECONDS: '1800',
  REPLY_WINDOW_SECONDS: '600',
};

/** A webhook receiver the test runs on loopback over http; a failed delivery is dead-lettered after three quick attempts. */
export const LOOPBACK_WEBHOOKS = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_DELAYS_MS: '150,150', WEBHOOK_RECONCILE_INTERVAL_MS: '1000' };

export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: UI_TIMEOUT_MS });

/** The message the console shows (and reads out) after an action. */
export const notice = (page: Page, text: string | RegExp) => page.locator('.notices').getByText(text).first().waitFor({ timeout: UI_TIMEOUT_MS });

/** The one-time link operations hand an expert, as the test's own gateway serves it. */
export async function inviteExpert(services: RunningServices, e2e: RouterE2e, expert: Expert, email: string): Promise<{ url: string; email: string }> {
  const response = await request<{ url: string; email: string }>(services.baseUrl, 'POST', `/admin/v1/experts/${expert.id}/invitations`, {
    headers: e2e.admin,
    body: { email },
  });
  if (response.status !== 201) throw new Error(`invite: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...response.body, url: response.body.url.replace(/^https?:\/\/[^/]+/, services.baseUrl) };
}

/** On an invitation's page: the password set twice, and the expert lands on Offers. */
export async function setPassword(page: Page): Promise<void> {
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await heading(page, 'Offers');
}

/** An expert invited, on the invitation's page, password set: signed in on Offers. */
export async function signInInvitedExpert(page: Page, services: RunningServices, e2e: RouterE2e, expert: Expert, email: string): Promise<void> {
  await page.goto((await inviteExpert(services, e2e, expert, email)).url);
  await heading(page, 'Set your password');
  await setPassword(page);
}

/**
 * A test step that, when it fails, leaves a picture of the page as `failed-<name>.png` and says
 * where the page was (and `more()`: what else the suite knows, such as the last notice).
 */
export function recordedStep(
  page: () => Page,
  name: string,
  run: () => Promise<void>,
  more: (page: Page, name: string) => Promise<string> = async () => `picture: test-output/screenshots/failed-${name}.png`,
): () => Promise<void> {
  return async () => {
    try {
      await run();
    } catch (error) {
      const current = page();
      await current.screenshot({ path: path.join(SCREENSHOTS, `failed-${name}.png`), fullPage: true }).catch(() => undefined);
      throw new Error(`${(error as Error).message}\n(page: ${current.url()}; ${await more(current, name)})`, { cause: error });
    }
  };
}

/** For `recordedStep`: the last notice the page showed, beside the picture. */
export async function lastNotice(page: Page, name: string): Promise<string> {
  const notices = await page
    .locator('.notices')
    .textContent()
    .catch(() => null);
  return `last notice: ${notices || 'none'}; picture: test-output/screenshots/failed-${name}.png`;
}
