/**
 * Driving the console's dashboard in a browser: the few moves every step repeats, by
 * what a person sees (roles, labels, words), never by CSS class where a role will do.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { waitUntil } from '@eh/platform/testing';
import { screenshots, SCREENSHOTS, accessibilityViolations, type AxeFinding } from '../../support/browser';

import { heading, PASSWORD, UI_TIMEOUT_MS } from '../../support/console-page';

export { heading, notice, PASSWORD, UI_TIMEOUT_MS } from '../../support/console-page';

/** A dashboard section, through the side navigation. */
export async function open(page: Page, section: string, title: string | RegExp = section): Promise<void> {
  await page
    .getByRole('navigation', { name: /^(Dashboard|Operations)$/ })
    .getByRole('link', { name: section, exact: true })
    .click();
  await heading(page, title);
}

/** The one-time secret the page shows (a key, a signing secret, an invitation link). */
export async function shownSecret(page: Page): Promise<string> {
  const value = page.locator('.secret__value').first();
  await value.waitFor({ timeout: UI_TIMEOUT_MS });
  return (await value.textContent())?.trim() ?? '';
}

/** Answers a confirmation dialog with its confirming button. */
export async function confirm(page: Page, button: string | RegExp): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: UI_TIMEOUT_MS });
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
}

export async function signIn(page: Page, baseUrl: string, email: string, home: string | RegExp): Promise<void> {
  await page.goto(`${baseUrl}/console/sign-in`);
  await heading(page, 'Sign in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await heading(page, home);
}

/** An invitation link (any kind): set a name and a password, arrive at the kind's home. */
export async function acceptInvitation(page: Page, baseUrl: string, url: string, name: string, home: string | RegExp): Promise<void> {
  await page.goto(url.replace(/^https?:\/\/[^/]+/, baseUrl));
  await heading(page, 'Set your password');
  // The heading shows while the invitation loads; the form comes with it.
  await page.getByLabel('New password').waitFor({ timeout: UI_TIMEOUT_MS });
  const nameField = page.getByLabel('Your name');
  if (await nameField.count()) await nameField.fill(name);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await heading(page, home);
}

/** A call the signed-in page makes itself, with its cookie (and its CSRF token on changes). */
export async function fromPage<T = unknown>(
  page: Page,
  method: string,
  url: string,
  options: { mode?: 'test' | 'live'; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, mode, body }) => {
      const session = (await (await fetch('/console/api/v1/session')).json()) as { csrf_token?: string };
      const headers: Record<string, string> = {};
      if (mode) headers['service-mode'] = mode;
      if (method !== 'GET') headers['x-csrf-token'] = session.csrf_token ?? '';
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
    },
    { method, url, mode: options.mode, body: options.body },
  );
}

/** Accessibility findings and pictures, page by page, asserted together at the end. */
export class PageRecord {
  readonly accessibility: Record<string, AxeFinding[]> = {};

  async audit(page: Page, name: string): Promise<void> {
    this.accessibility[name] = await accessibilityViolations(page);
  }

  /** axe, then the pictures (desktop and 360 px; light and dark unless `lightOnly`). */
  async capture(page: Page, name: string, options: { lightOnly?: boolean } = {}): Promise<void> {
    await this.audit(page, name);
    // The last action's notice floats over the page: dismissed, so the picture shows the page itself.
    const dismiss = page.getByRole('button', { name: 'Dismiss message' });
    // It also fades by itself after 10 s, which a slow audit can outlast mid-click: gone is as good as dismissed.
    if (await dismiss.count())
      await dismiss.click({ timeout: 5_000 }).catch(async (error: unknown) => {
        if (await dismiss.count()) throw error;
      });
    // A full-page picture keeps the scroll position, where the sticky navigation would sit mid-page.
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshots(page, `dashboard-${name}`, options);
  }

  failures(): Record<string, AxeFinding[]> {
    return Object.fromEntries(Object.entries(this.accessibility).filter(([, findings]) => findings.length > 0));
  }
}

/** A failing step leaves the page's picture and the last notice behind, for whoever reads the log. */
export function recorded(page: () => Page | undefined, name: string, run: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await run();
    } catch (error) {
      const shown = page();
      if (!shown) throw error;
      await shown.screenshot({ path: path.join(SCREENSHOTS, `dashboard-failed-${name}.png`), fullPage: true }).catch(() => undefined);
      const notices = await shown
        .locator('.notices')
        .textContent()
        .catch(() => null);
      throw new Error(
        `${(error as Error).message}\n(page: ${shown.url()}; last notice: ${notices || 'none'}; picture: test-output/screenshots/dashboard-failed-${name}.png)`,
        { cause: error },
      );
    }
  };
}

export const eventually = <T>(check: () => Promise<T | undefined> | T | undefined, description: string, timeoutMs = UI_TIMEOUT_MS) =>
  waitUntil(check, { timeoutMs, intervalMs: 100, description });
