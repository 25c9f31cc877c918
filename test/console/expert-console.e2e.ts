/**
 * The expert console in a real browser against the real services: an invited expert
 * sets a password, signs in, sees an offer arrive live, works it (question, live reply, markdown,
 * an uploaded attachment, a draft that survives a reload) and publishes; the agent reads the
 * output and downloads the attachment through its signed URL. axe finds no violation of any
 * impact on any page; every page is photographed into test-output/screenshots/. (Declines, CSRF
 * and signing out everywhere are in expert-console-guards.e2e.ts.)
 */
import type { Page } from 'playwright-core';
import { clearScreenshots, screenshots, accessibilityViolations } from '../support/browser';
import { heading, inviteExpert, lastNotice, notice, PASSWORD, PERSON_CLOCKS, recordedStep, setPassword, UI_TIMEOUT_MS } from '../support/console-page';
import { request, type ErrorBody } from '../support/http';
import { startServices } from '../support/service-harness';
import type { Deployment, Expert } from '../routing/support/routing-e2e';
import { startConsoleE2e, stopConsoleE2e, type ConsoleE2e } from './support/console-e2e';

const CLOCKS = { ...PERSON_CLOCKS, ATTACHMENT_URL_SECRET: 'console-e2e-attachment-url-secret-0123456789' };
const SKILL = 'console-e2e';

interface PublishedOutput {
  body: string;
  attachments: { name: string; url: string; content_type: string; size_bytes: number }[];
}

// The tests run in order and share one browser page: the first one invites Ada and sets her password.
describe('the expert console (Playwright, real services)', () => {
  // The suite's parts, as startConsoleE2e hands them over in beforeAll.
  let { services, e2e, workspace, browser, page } = {} as ConsoleE2e;
  let ada: Expert;
  const accessibility: Record<string, unknown[]> = {};

  const createLive = async (brief: string, extra: Record<string, unknown> = {}): Promise<string> => {
    const created = await e2e.create(workspace.keys.live, { brief, skills: [SKILL], ...extra });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id;
  };
  /** Every page is checked in light and dark; findings are collected and asserted together. */
  const audit = async (name: string): Promise<void> => {
    accessibility[name] = await accessibilityViolations(page);
  };
  const recorded = (name: string, run: () => Promise<void>) => recordedStep(() => page, name, run, lastNotice);
  /** The Work page's status badge, by its words. */
  const status = (target: Page, text: string) => target.locator('.work-status .badge').filter({ hasText: text }).waitFor({ timeout: UI_TIMEOUT_MS });

  beforeAll(async () => {
    // Each run's pictures replace the last run's (a stale failed-*.png would mislead); the dashboard's are its own suite's.
    clearScreenshots((file) => !file.startsWith('dashboard-'));
    ({ services, e2e, workspace, browser, page } = await startConsoleE2e(startServices(CLOCKS), 'console-e2e'));
    // Ada ranks first for the skill (faster), Bo second: the offers go to Ada.
    ada = await e2e.addExpert([SKILL, 'naming'], 20, { name: 'Ada Lane', rate_credits_per_hour: 90 });
    await e2e.addExpert([SKILL], 60, { name: 'Bo Chen' });
    await request(services.baseUrl, 'PUT', '/v1/memory/brand.voice', {
      key: workspace.keys.live,
      body: { kind: 'voice', body: 'Dry, warm, **short**. No exclamation marks.' },
    });
  }, 120_000);

  afterAll(() => stopConsoleE2e(browser, services));

  it(
    'invite → set password → sign in → an offer arrives live → accept → start → ask → live reply → markdown and an attachment → publish → the agent downloads it',
    recorded('main-flow', async () => {
      // Invitation: the one-time link operations hand out.
      const invitation = await inviteExpert(services, e2e, ada, 'ada@example.com');
      expect(invitation.url).toMatch(/\/console\/invitations\/[^/]+$/);
      await page.goto(invitation.url);
      await heading(page, 'Set your password');
      await page.getByText('ada@example.com').first().waitFor();
      await audit('invitation');
      await screenshots(page, 'invitation');
      await setPassword(page);
      await notice(page, /Password set/);

      // The link works once.
      const reused = await request<ErrorBody>(services.baseUrl, 'GET', `/console/api/v1/invitations/${invitation.url.split('/').pop()}`);
      expect(reused.status).toBe(404);

      // Sign out, then in with the password.
      await page.locator('.account summary').click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await heading(page, 'Sign in');
      await audit('sign-in');
      await screenshots(page, 'sign-in');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Password').fill('not the password at all');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: /.+/ }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshots(page, 'sign-in-refused', { lightOnly: true });
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await heading(page, 'Offers');
      await page.getByText('No offers right now.').waitFor({ timeout: UI_TIMEOUT_MS });
      await audit('offers-empty');
      await screenshots(page, 'offers-empty');

      // An offer arrives while the page is open: no reload.
      const brief = 'Rewrite the hero of our landing page. Keep it short; the audience is small bakeries.';
      const id = await createLive(brief, { context_url: 'https://example.com/landing', context_files: ['https://files.example.com/hero.png'] });
      expect((await e2e.waitForOffer(id, 1)).expertId).toBe(ada.id);
      const offer = page.locator(`[data-deployment-id="${id}"]`);
      await offer.waitFor({ timeout: UI_TIMEOUT_MS });
      await offer.getByText('Offer expires').waitFor();
      await audit('offers');
      await screenshots(page, 'offers');

      // Accept, then start.
      await offer.getByRole('button', { name: 'Accept' }).click();
      await heading(page, /Rewrite the hero/);
      await notice(page, /Offer accepted/);
      await page.getByRole('button', { name: 'Start work' }).click();
      await status(page, 'In progress');
      expect((await e2e.get(workspace.keys.live, id)).body.status).toBe('in_progress');

      // Ask the one question; the agent replies over REST; the reply shows up live.
      await page.getByLabel('One clarifying question').fill('Which competitor should we position against?');
      await page.getByRole('button', { name: 'Ask the agent' }).click();
      await status(page, 'Waiting for the agent');
      await e2e.waitForStatus(workspace.keys.live, id, 'needs_input');
      await screenshots(page, 'work-waiting-for-reply', { lightOnly: true });
      const replied = await request<Deployment>(services.baseUrl, 'POST', `/v1/deployments/${id}/reply`, {
        key: workspace.keys.live,
        body: { body: 'Acme Bakeware. Their tone is loud; we want the opposite.' },
      });
      expect(replied.status).toBe(200);
      await page.getByText('Acme Bakeware. Their tone is loud; we want the opposite.').waitFor({ timeout: UI_TIMEOUT_MS });
      await notice(page, /The agent replied/);
      await status(page, 'In progress');

      // Markdown with a live, sanitised preview: raw HTML stays text.
      const markdown =
        '# Bake less paperwork\n\nOrders, stock and invoices in **one quiet place**.\n\n<img src=x onerror="window.__xss=1">\n\n- Opens before you do';
      await page.getByLabel('Output (markdown)').fill(markdown);
      const preview = page.getByRole('region', { name: 'Preview of your output' });
      await preview.getByRole('heading', { name: 'Bake less paperwork' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await preview.locator('strong').textContent()).toBe('one quiet place');
      expect(await preview.locator('img').count()).toBe(0);
      expect(await page.evaluate('window.__xss')).toBeUndefined();

      // An attachment, uploaded to the service.
      const bytes = Buffer.from(`hero options\n${'x'.repeat(2048)}\n`, 'utf8');
      await page.locator('input[type="file"]').setInputFiles({ name: 'hero-options.txt', mimeType: 'text/plain', buffer: bytes });
      await notice(page, /Attached hero-options\.txt/);
      await page.getByText(/Draft saved at/).waitFor({ timeout: UI_TIMEOUT_MS });
      await audit('work');
      await screenshots(page, 'work');

      // The draft lives on the server: a reload picks it up.
      await page.reload();
      await heading(page, /Rewrite the hero/);
      await page
        .getByRole('list', { name: 'Attached files' })
        .locator('.attachment-list__name', { hasText: 'hero-options.txt' })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByLabel('Output (markdown)').inputValue()).toBe(markdown);
      await page.getByText('Acme Bakeware. Their tone is loud; we want the opposite.').waitFor();
      await page.getByText(/Cap: \d+ credits/).waitFor();

      // The charge is capped at the reservation.
      const charge = page.getByLabel('Charge (credits)');
      const cap = Number(await charge.getAttribute('max'));
      expect(cap).toBeGreaterThan(0);
      await charge.fill(String(cap + 1));
      await page.getByText(/At most \d+ credits: that is what the workspace reserved/).waitFor();
      const charged = Math.min(cap, 25);
      await charge.fill(String(charged));
      await page.getByLabel('Time worked (minutes)').fill('35');

      // Publish; the agent reads the output and downloads the attachment through its signed URL.
      await page.getByRole('button', { name: 'Publish to the agent' }).click();
      // The review step comes first: what goes to the agent, with Publish and Back.
      const review = page.getByRole('dialog', { name: 'Review before publishing' });
      await review.getByText('hero-options.txt').waitFor({ timeout: UI_TIMEOUT_MS });
      await review.getByRole('button', { name: 'Publish', exact: true }).click();
      await notice(page, /Published/);
      await page.getByText('Published. The agent has your output.').waitFor({ timeout: UI_TIMEOUT_MS });
      await audit('work-published');
      await screenshots(page, 'work-published');
      const done = await e2e.waitForStatus(workspace.keys.live, id, 'completed');
      expect(done).toMatchObject({ credits_charged: charged, duration_seconds: 35 * 60 });
      const output = done.output as PublishedOutput;
      expect(output.body).toBe(markdown);
      expect(output.attachments).toEqual([
        {
          name: 'hero-options.txt',
          url: expect.stringMatching(/\/v1\/attachments\/att_\w+\/content\?expires=\d+&signature=[0-9a-f]+$/),
          content_type: 'text/plain',
          size_bytes: bytes.length,
        },
      ]);
      const download = await fetch(output.attachments[0].url);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
      const tampered = await fetch(output.attachments[0].url.replace(/signature=([0-9a-f])/, (_, first: string) => `signature=${first === '0' ? '1' : '0'}`));
      expect(tampered.status).toBe(403);
      expect(((await tampered.json()) as ErrorBody).error.code).toBe('url_signature_invalid');

      // History: the finished work and what it earned.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
      await heading(page, 'History');
      await page
        .getByRole('table', { name: 'Finished work' })
        .getByRole('cell', { name: String(charged), exact: true })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      // The same credits summed in this month's row and the total.
      await page
        .getByTestId('earnings-total')
        .filter({ hasText: String(charged) })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await audit('history');
      await screenshots(page, 'history');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Work/ }).click();
      await heading(page, 'Work in hand');
      await page.getByText('Nothing in hand.').waitFor({ timeout: UI_TIMEOUT_MS });
      await audit('work-list-empty');
      await screenshots(page, 'work-list-empty', { lightOnly: true });
    }),
    480_000,
  );

  it('finds no accessibility violation of any impact on any page (axe, light and dark)', () => {
    expect(Object.keys(accessibility).sort()).toEqual(
      ['history', 'invitation', 'offers', 'offers-empty', 'sign-in', 'work', 'work-list-empty', 'work-published'].sort(),
    );
    expect(Object.fromEntries(Object.entries(accessibility).filter(([, findings]) => findings.length > 0))).toEqual({});
  });
});
