/**
 * The expert console's guards in a real browser against the real services: a decline (by keyboard
 * alone) passes the offer on, and the expert's session can then neither read nor act on the next
 * expert's work; a forged or missing CSRF token is refused; signing out everywhere ends the other
 * devices' sessions. Pictures in test-output/screenshots/.
 */
import type { Page } from 'playwright-core';
import { waitUntil } from '@eh/platform/testing';
import { clearScreenshots, screenshots } from '../support/browser';
import { heading, lastNotice, notice, PASSWORD, PERSON_CLOCKS, recordedStep, signInInvitedExpert, UI_TIMEOUT_MS } from '../support/console-page';
import { startServices } from '../support/service-harness';
import type { Expert } from '../routing/support/routing-e2e';
import { startConsoleE2e, stopConsoleE2e, type ConsoleE2e } from './support/console-e2e';

const SKILL = 'console-guards-e2e';
const PICTURES = ['offers-declining', 'account-menu', 'failed-decline'];

// The tests run in order and share one browser page, where Ada is signed in.
describe('the expert console guards its work and sessions (Playwright, real services)', () => {
  // The suite's parts, as startConsoleE2e hands them over in beforeAll.
  let { services, e2e, workspace, browser, page } = {} as ConsoleE2e;
  let ada: Expert;
  let bo: Expert;

  const createLive = async (brief: string): Promise<string> => {
    const created = await e2e.create(workspace.keys.live, { brief, skills: [SKILL] });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id;
  };
  const recorded = (name: string, run: () => Promise<void>) => recordedStep(() => page, name, run, lastNotice);
  const signIn = async (target: Page, email: string): Promise<void> => {
    await target.goto(`${services.baseUrl}/console/sign-in`);
    await heading(target, 'Sign in');
    await target.getByLabel('Email').fill(email);
    await target.getByLabel('Password').fill(PASSWORD);
    await target.getByRole('button', { name: 'Sign in' }).click();
    await heading(target, 'Offers');
  };

  beforeAll(async () => {
    clearScreenshots((file) => PICTURES.some((name) => file.startsWith(name)));
    ({ services, e2e, workspace, browser, page } = await startConsoleE2e(startServices(PERSON_CLOCKS), 'console-guards-e2e'));
    // Ada ranks first for the skill (faster), Bo second: a decline of Ada's passes to Bo.
    ada = await e2e.addExpert([SKILL], 20, { name: 'Ada Lane', rate_credits_per_hour: 90 });
    bo = await e2e.addExpert([SKILL], 60, { name: 'Bo Chen' });
    await signInInvitedExpert(page, services, e2e, ada, 'ada@example.com');
  }, 120_000);

  afterAll(() => stopConsoleE2e(browser, services));

  it(
    'a decline (by keyboard alone) passes the offer on to the next expert',
    recorded('decline', async () => {
      await page.goto(`${services.baseUrl}/console/offers`);
      await page.getByRole('heading', { level: 1, name: /^(Offers|Sign in)$/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      if (await page.getByRole('heading', { level: 1, name: 'Sign in' }).isVisible()) await signIn(page, 'ada@example.com');
      // The first Tab reaches the skip link, which takes the keyboard past the header.
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to content');
      const id = await createLive('Name our new sourdough subscription. Three options, one line each.');
      const offer = page.locator(`[data-deployment-id="${id}"]`);
      await offer.waitFor({ timeout: UI_TIMEOUT_MS });
      await offer.getByRole('button', { name: 'Accept' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter'); // "Decline…": the reason field opens and takes focus
      await page.keyboard.type('Booked until Friday.');
      expect(await offer.getByLabel('Reason for declining').inputValue()).toBe('Booked until Friday.');
      await screenshots(page, 'offers-declining', { lightOnly: true });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter'); // "Decline offer"
      await notice(page, /Offer declined/);
      await offer.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect((await e2e.waitForOffer(id, 2)).expertId).toBe(bo.id);
      const declined = (await e2e.events(id)).find((event) => event.type === 'deployment.offer_declined');
      expect(JSON.stringify(declined?.data ?? {})).toContain('Booked until Friday.');
      const bosOffers = await e2e.asExpert<{ data: { id: string }[] }>(bo, 'GET', '/offers');
      expect(bosOffers.body.data.map((item) => item.id)).toContain(id);

      // Ada's session (with its own valid CSRF token) can neither read nor act on what is now Bo's.
      const stranger = await page.evaluate(async (deploymentId) => {
        const session = (await (await fetch('/console/api/v1/session')).json()) as { csrf_token: string };
        const answer = async (response: Response) =>
          `${response.status} ${((await response.json()) as { error?: { code?: string } }).error?.code ?? 'no error'}`;
        const read = await fetch(`/expert/v1/deployments/${deploymentId}`);
        const act = await fetch(`/expert/v1/deployments/${deploymentId}/accept`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
          body: '{}',
        });
        const draft = await fetch(`/expert/v1/deployments/${deploymentId}/draft`);
        return { read: await answer(read), act: await answer(act), draft: await answer(draft) };
      }, id);
      // Ada declined it: she reads it as passed over, without Bo's work; she can neither accept it nor read a draft.
      expect(stranger.act).toMatch(/^(403 expert_not_assigned|404 not_found)$/);
      expect(stranger.draft).toMatch(/^(403 expert_not_assigned|404 not_found)$/);
      expect(stranger.read).toMatch(/^(200 no error|404 not_found)$/);
    }),
    240_000,
  );

  it('refuses a state change with a forged or missing CSRF token, and takes the real one', async () => {
    await page.goto(`${services.baseUrl}/console/offers`);
    await heading(page, 'Offers');
    const attempt = (token: string | null) =>
      page.evaluate(async (csrf) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (csrf !== null) headers['x-csrf-token'] = csrf;
        const response = await fetch('/expert/v1/availability', { method: 'POST', headers, body: JSON.stringify({ availability: 'busy' }) });
        const text = await response.text();
        return { status: response.status, code: text ? ((JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null) : null };
      }, token);
    expect(await attempt('forged-0123456789abcdef')).toEqual({ status: 403, code: 'csrf_token_invalid' });
    expect(await attempt(null)).toEqual({ status: 403, code: 'csrf_token_invalid' });
    // Through the console itself (the typed client sends the session's token): it works.
    await page.getByLabel('Availability').selectOption('busy');
    await notice(page, /You are busy/);
    await page
      .getByText(/You are busy/)
      .first()
      .waitFor();
    await page.getByLabel('Availability').selectOption('online');
    await notice(page, /You are online/);
  });

  it('signing out everywhere ends the session on the other device too', async () => {
    const other = await (await browser.newContext({ width: 360, height: 780 })).newPage();
    await signIn(other, 'ada@example.com');
    await page.goto(`${services.baseUrl}/console/offers`);
    await heading(page, 'Offers');
    await page.locator('.account summary').click();
    await screenshots(page, 'account-menu', { lightOnly: true });
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await heading(page, 'Sign in');
    await notice(page, /signed out on every device/);
    // The other device's next request finds its session gone, and it is back at sign-in.
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
    await heading(other, 'Sign in');
    const status = await waitUntil(
      async () => {
        const answer = await other.evaluate(async () => (await fetch('/expert/v1/me')).status);
        return answer === 401 ? answer : undefined;
      },
      { description: 'the other session to be refused' },
    );
    expect(status).toBe(401);
  });
});
