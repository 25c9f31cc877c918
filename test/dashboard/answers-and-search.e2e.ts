/**
 * The dashboard's deployment page for typed answers, follow-ups and ratings, and search in the
 * dashboard and operations' pages, in a real browser against the real services (started once).
 * A test-mode deployment with an `output_schema` is answered by the synthesizer: its typed answer
 * reads as fields, "View JSON" shows the value, the schema is folded away; a follow-up links both
 * ways; a rating given on the page is then shown read-only. `GET /v1/deployments?q=` finds by id or
 * by words of the brief, pages with its cursor and refuses 2 characters naming `q`; the list's
 * search box uses it. Operations find a workspace by name with its plan and balance, and filter the
 * roster by skill and availability beside each expert's rating. axe at any impact on every state;
 * pictures into test-output/screenshots/answers-*.png (desktop and 360 px, light and dark) and
 * answers-phone-*.png at 390 px.
 */
import type { Page } from 'playwright-core';
import { clearScreenshots, launchBrowser, screenshots, type ConsoleBrowser } from '../support/browser';
import { HEADLINE_SCHEMA } from '../support/headline-schema';
import { request, type ErrorBody } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Deployment } from '../routing/support/routing-e2e';
import { acceptInvitation, eventually, heading, notice, PageRecord, recorded, UI_TIMEOUT_MS } from './support/dashboard-page';

const STEP_TIMEOUT_MS = 300_000;

interface CreatedWorkspace {
  id: string;
  keys: { test: string; live: string };
  owner_invitation: { url: string } | null;
}
type ListBody = { data: Deployment[]; next: string | null; has_more: boolean } & ErrorBody;

describe('answers, chains, ratings and search in the consoles (Playwright, real services)', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let browser: ConsoleBrowser;
  let page: Page;
  let workspace: CreatedWorkspace;
  let testKey = '';
  let typedId = '';
  let followUpId = '';
  const record = new PageRecord();
  let current: () => Page | undefined = () => page;
  const step = (name: string, run: () => Promise<void>) => recorded(() => current(), `answers-${name}`, run);
  const url = (path: string) => `${services.baseUrl}/console${path}`;
  const capture = async (target: Page, name: string): Promise<void> => {
    await record.audit(target, name);
    const dismiss = target.getByRole('button', { name: 'Dismiss message' });
    if (await dismiss.count()) await dismiss.click({ timeout: 5_000 }).catch(() => undefined);
    await target.evaluate('window.scrollTo(0, 0)');
    await screenshots(target, `answers-${name}`);
  };
  /** A phone at 390 px (the pictures above are at 360 px): light and dark. */
  const phonePictures = async (target: Page, name: string): Promise<void> => {
    for (const scheme of ['light', 'dark'] as const) {
      await target.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await target.setViewportSize({ width: 390, height: 844 });
      await target.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      await target.screenshot({ path: `test-output/screenshots/answers-phone-${name}-${scheme}.png`, fullPage: true, animations: 'disabled' });
    }
    await target.setViewportSize({ width: 1280, height: 800 });
    await target.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  };
  /** The typed deployment's page in the dashboard, once its heading shows. */
  const openTypedDeployment = async (): Promise<void> => {
    await page.goto(url(`/test/deployments/${typedId}`));
    await heading(page, /Three headline variants/);
  };
  const admin = (method: string, path: string, body?: unknown) => request<ListBody>(services.baseUrl, method, path, { headers: e2e.admin, body });
  const list = (query: string) => request<ListBody>(services.baseUrl, 'GET', `/v1/deployments?${query}`, { key: testKey });

  beforeAll(async () => {
    clearScreenshots((file) => file.startsWith('answers-'));
    services = await startServices({ ...FAST_CLOCKS, OFFER_TIMEOUT_SECONDS: '300', SLA_STANDARD_SECONDS: '3600' });
    e2e = new RouterE2e(services);
    workspace = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'Quince Quarterly', '--owner-email', 'quinn@quince.example');
    testKey = workspace.keys.test;
    expect((await admin('POST', `/admin/v1/workspaces/${workspace.id}/account/credits`, { credits: 1200, reference: 'answers-grant' })).status).toBe(200);
    await services.ops('workspace:create', '--name', 'Rowan Roasters');
    browser = await launchBrowser();
    page = await (await browser.newContext({ width: 1280, height: 800 })).newPage();
    await acceptInvitation(page, services.baseUrl, workspace.owner_invitation?.url ?? '', 'Quinn Quince', 'Overview');

    const typed = await e2e.create(testKey, {
      brief: 'Three headline variants for the quince jam launch.',
      skills: ['copywriting'],
      output_schema: HEADLINE_SCHEMA,
    });
    expect(typed.status).toBe(201);
    typedId = typed.body.id;
    await e2e.waitForStatus(testKey, typedId, 'completed');
    const followUp = await e2e.create(testKey, { brief: 'Now a strapline to go under the chosen headline.', skills: ['copywriting'], follow_up_to: typedId });
    expect(followUp.status).toBe(201);
    followUpId = followUp.body.id;
    await e2e.waitForStatus(testKey, followUpId, 'completed');
    for (const brief of ['Menu copy for the winter bakery.', 'A tagline for the cider press.', 'Rename the marmalade range.']) {
      expect((await e2e.create(testKey, { brief, skills: ['copywriting'] })).status).toBe(201);
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await services?.stop();
  });

  it(
    'a typed answer reads as fields, "View JSON" shows the value, the schema is folded; the follow-up is linked both ways',
    step('typed', async () => {
      await openTypedDeployment();
      const output = page.getByRole('region', { name: 'Output' });
      await output.getByRole('heading', { name: 'Typed answer' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await output.locator('dl.typed-data dt', { hasText: 'Variants' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await output.locator('dl.typed-data dt', { hasText: 'Tone' }).waitFor();
      const schema = page.locator('details.schema-panel');
      expect(await schema.getAttribute('open')).toBeNull();
      const chain = page.getByRole('region', { name: 'Follow-ups' });
      await chain.getByRole('link', { name: followUpId }).waitFor({ timeout: UI_TIMEOUT_MS });
      await capture(page, 'typed');
      await phonePictures(page, 'typed');

      await output.getByRole('button', { name: 'View JSON' }).click();
      const json = output.getByLabel('The typed answer as JSON');
      const shown = JSON.parse((await json.textContent()) ?? '{}') as Record<string, unknown>;
      const api = (await e2e.get(testKey, typedId)).body as Deployment & { output: { data?: unknown } };
      expect(shown).toEqual(api.output.data);
      expect(await output.getByRole('button', { name: 'View as fields' }).getAttribute('aria-expanded')).toBe('true');
      await schema.locator('summary').click();
      await page.getByLabel('The answer schema').waitFor({ timeout: UI_TIMEOUT_MS });
      await capture(page, 'typed-json');

      await chain.getByRole('link', { name: followUpId }).click();
      await heading(page, /Now a strapline/);
      await page.getByRole('region', { name: 'Follow-ups' }).getByRole('link', { name: typedId }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(/Follows up/).waitFor();
      await capture(page, 'follow-up');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'a completed deployment is rated on its page (a choice is needed first), then shows the rating read-only',
    step('rating', async () => {
      await openTypedDeployment();
      const form = page.getByRole('region', { name: 'Rate this work' });
      await form.getByRole('button', { name: 'Submit' }).click();
      await form.getByText('Choose a rating from 1 to 5.').waitFor({ timeout: UI_TIMEOUT_MS });
      await capture(page, 'rating-needed');
      await form.getByRole('radio', { name: '4 Very good' }).check();
      await form.getByLabel('Comment (optional)').fill('Strong variants; the tone was right.');
      await capture(page, 'rating-form');
      await form.getByRole('button', { name: 'Submit' }).click();
      await notice(page, 'Rating saved: 4 of 5.');
      const given = page.getByRole('region', { name: 'Your rating' });
      await given.getByText('4 of 5, Very good').waitFor({ timeout: UI_TIMEOUT_MS });
      await given.getByText('Strong variants; the tone was right.').waitFor();
      expect(await page.getByRole('radio').count()).toBe(0);
      // The answer to the rating has no follow_ups (GET only): the chain stays on the page.
      await page.getByRole('region', { name: 'Follow-ups' }).getByRole('link', { name: followUpId }).waitFor();
      const api = (await e2e.get(testKey, typedId)).body as Deployment & { feedback?: unknown };
      expect(api.feedback).toMatchObject({ rating: 4, comment: 'Strong variants; the tone was right.' });
      await capture(page, 'rated');
      await phonePictures(page, 'rated');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'GET /v1/deployments?q= finds by id and by words of the brief, pages with the cursor, and refuses 2 characters naming q',
    step('api', async () => {
      expect((await list(`q=${typedId}`)).body.data.map((d) => d.id)).toEqual([typedId]);
      expect((await list('q=QUINCE')).body.data.map((d) => d.id)).toEqual([typedId]);
      const short = await list('q=ab');
      expect([short.status, short.body.error.param]).toEqual([400, 'q']);
      const first = await list('q=the&limit=2');
      expect(first.body).toMatchObject({ has_more: true });
      const second = await list(`q=the&limit=2&cursor=${encodeURIComponent(first.body.next ?? '')}`);
      expect(second.status).toBe(200);
      expect(second.body.data.map((d) => d.id)).not.toContain(first.body.data[0].id);
      const lifted = await list(`q=menu&limit=2&cursor=${encodeURIComponent(first.body.next ?? '')}`);
      expect([lifted.status, lifted.body.error.param]).toEqual([400, 'cursor']);
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'the deployments list searches on Enter, says when nothing matches, shows a refusal beside the box, and clears',
    step('search', async () => {
      await page.goto(url('/test/deployments'));
      await heading(page, 'Deployments');
      await page.locator('tr[data-deployment-id]').nth(4).waitFor({ timeout: UI_TIMEOUT_MS });
      const box = page.getByRole('searchbox', { name: 'Search deployments' });
      await box.fill('cider');
      await box.press('Enter');
      await eventually(async () => ((await page.locator('tr[data-deployment-id]').count()) === 1 ? true : undefined), 'one match');
      await page.locator('tr[data-deployment-id]').getByText('A tagline for the cider press.').waitFor();
      await capture(page, 'search');
      await phonePictures(page, 'search');
      await box.fill('zz');
      await box.press('Enter');
      await page
        .locator('.field__error')
        .getByText(/Search must be a deployment id or at least 3 characters/)
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await capture(page, 'search-refused');
      await box.fill('nothing like this');
      await box.press('Enter');
      await page.getByText('No deployment matches “nothing like this”.').waitFor({ timeout: UI_TIMEOUT_MS });
      await capture(page, 'search-none');
      await page.getByRole('button', { name: 'Clear search' }).click();
      await eventually(async () => ((await page.locator('tr[data-deployment-id]').count()) === 5 ? true : undefined), 'every deployment again');
      expect(await box.inputValue()).toBe('');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'operations find a workspace by name with its plan and balance, and filter the roster by skill and availability beside each rating',
    step('ops', async () => {
      await e2e.addExpert(['answers-e2e'], 20, { name: 'Ada Lane', availability: 'online' });
      await e2e.addExpert(['answers-e2e'], 40, { name: 'Bo Chen', availability: 'offline' });
      await e2e.addExpert(['other-skill'], 40, { name: 'Cy Dale', availability: 'online' });
      const account = (await admin('GET', `/admin/v1/workspaces/${workspace.id}/account`)).body as unknown as {
        credits_remaining: number;
        plan: { name: string };
      };
      const found = await admin('GET', '/admin/v1/workspaces?q=quince');
      expect(found.body.data).toEqual([
        expect.objectContaining({ id: workspace.id, name: 'Quince Quarterly', credits_remaining: account.credits_remaining, plan: account.plan.name }),
      ]);
      const short = await admin('GET', '/admin/v1/workspaces?q=qu');
      expect([short.status, short.body.error.param]).toEqual([400, 'q']);

      const invitation = await services.ops<{ url: string }>('operator:invite', '--email', 'opal@ops.example', '--name', 'Opal Ops');
      const operator = await (await browser.newContext({ width: 1280, height: 800 })).newPage();
      current = () => operator;
      await acceptInvitation(operator, services.baseUrl, invitation.url, 'Opal Ops', 'Roster');
      await operator.locator('tr[data-expert-id]').nth(2).waitFor({ timeout: UI_TIMEOUT_MS });
      await operator.getByRole('columnheader', { name: 'Rating' }).waitFor();
      await operator.getByLabel('Skill', { exact: true }).fill('answers-e2e');
      await operator.getByLabel('Availability', { exact: true }).selectOption('online');
      await operator.getByRole('button', { name: 'Apply filters' }).click();
      await eventually(async () => ((await operator.locator('tr[data-expert-id]').count()) === 1 ? true : undefined), 'one online expert with the skill');
      await operator.locator('tr[data-expert-id]').getByRole('link', { name: 'Ada Lane' }).waitFor();
      await operator.locator('tr[data-expert-id]').getByText('No ratings').waitFor();
      await capture(operator, 'ops-roster');
      await phonePictures(operator, 'ops-roster');

      await operator.goto(url('/ops/accounts'));
      await heading(operator, 'Accounts');
      const box = operator.getByRole('searchbox', { name: 'Find a workspace' });
      await box.fill('Quince');
      await box.press('Enter');
      await eventually(async () => ((await operator.locator('tr[data-workspace-id]').count()) === 1 ? true : undefined), 'one workspace');
      const row = operator.locator(`tr[data-workspace-id="${workspace.id}"]`);
      await row.getByText(`${account.credits_remaining.toLocaleString('en-GB')} credits`).waitFor({ timeout: UI_TIMEOUT_MS });
      await row.getByText(account.plan.name).waitFor();
      await capture(operator, 'ops-accounts');
      await phonePictures(operator, 'ops-accounts');
      current = () => page;
      await operator.context().close();
    }),
    STEP_TIMEOUT_MS,
  );

  it('finds no accessibility violation of any impact on any state (axe, light and dark)', () => {
    expect(Object.keys(record.accessibility).length).toBeGreaterThanOrEqual(9);
    expect(record.failures()).toEqual({});
  });
});
