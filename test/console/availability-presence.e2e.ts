import { waitUntil } from '@eh/platform/testing';
import { accessibilityViolations, clearScreenshots, screenshots } from '../support/browser';
import { PASSWORD, UI_TIMEOUT_MS } from '../support/console-page';
import { request } from '../support/http';
import { startServices } from '../support/service-harness';
import { FAST_CLOCKS, type Expert } from '../routing/support/routing-e2e';
import { startConsoleE2e, stopConsoleE2e, type ConsoleE2e } from './support/console-e2e';

describe('availability and presence in the console (Playwright, real services)', () => {
  // The suite's parts, as startConsoleE2e hands them over in beforeAll.
  let { services, e2e, workspace, browser, page } = {} as ConsoleE2e;
  let ada: Expert;

  beforeAll(async () => {
    clearScreenshots((file) => file.startsWith('availability-'));
    ({ services, e2e, workspace, browser, page } = await startConsoleE2e(
      startServices({ ...FAST_CLOCKS, OFFER_TIMEOUT_SECONDS: '120', SLA_STANDARD_SECONDS: '3600', EXPERT_REACHABILITY: 'required' }),
      'availability-e2e',
    ));
    ada = await e2e.addExpert(['presence-console'], 20, { name: 'Ada Lane' });
  }, 120_000);

  const selectShows = (value: string) =>
    waitUntil(async () => ((await page.locator('#availability').inputValue()) === value ? true : undefined), {
      timeoutMs: UI_TIMEOUT_MS,
      description: `the header shows ${value}`,
    });

  afterAll(() => stopConsoleE2e(browser, services));

  it('signed in to the console, the expert is reachable and the offer reaches the page; the header shows until and away', async () => {
    const invitation = await request<{ url: string }>(services.baseUrl, 'POST', `/admin/v1/experts/${ada.id}/invitations`, {
      headers: e2e.admin,
      body: { email: 'ada@example.com' },
    });
    await page.goto(invitation.body.url.replace(/^https?:\/\/[^/]+/, services.baseUrl));
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Offers' }).waitFor({ timeout: UI_TIMEOUT_MS });

    // Nothing but the open console makes Ada reachable here (no other channel on this branch).
    const created = await e2e.create(workspace.keys.live, { brief: 'Name the winter menu.', skills: ['presence-console'] });
    expect((await e2e.waitForOffer(created.body.id, 1)).expertId).toBe(ada.id);
    await page.getByText('Name the winter menu.').first().waitFor({ timeout: UI_TIMEOUT_MS });

    // Online until 18:30 today (UTC, the context's zone), set over the API as the CLI would.
    const until = new Date();
    until.setUTCHours(until.getUTCHours() + 2, 30, 0, 0);
    const set = await e2e.asExpert<{ available_until: string }>(ada, 'POST', '/availability', { availability: 'online', available_until: until.toISOString() });
    expect(set.body.available_until).toBe(until.toISOString());
    await page.reload();
    const label = `${String(until.getUTCHours()).padStart(2, '0')}:30`;
    await page.locator('.availability__until').filter({ hasText: label }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'availability-until', { lightOnly: true });

    await e2e.asExpert(ada, 'POST', '/availability', { availability: 'away' });
    await page.reload();
    await selectShows('away');
    expect(await page.locator('.availability__until').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'availability-away', { lightOnly: true });

    // One click back to online.
    await page.locator('#availability').selectOption('online');
    await waitUntil(async () => ((await e2e.asExpert<{ availability: string }>(ada, 'GET', '/me')).body.availability === 'online' ? true : undefined), {
      description: 'Ada online again',
    });
    await selectShows('online');
  });
});
