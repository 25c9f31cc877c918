/**
 * What a first-time user tripped over in the consoles, each in a real browser against the real
 * services: the delivery log at 1280 px, the webhook panel of a deployment while an endpoint is
 * registered, the audit log's name for a revoked key, the plan's wording, confirmation and history
 * of grants and plan changes, the active section on a phone, API refusals in people's words, times
 * with their zone, the routing of a pending deployment and its cancel button; the password shown
 * on request at sign-in; a light or dark choice over the system's. axe finds no
 * violation of any impact on any page visited; pictures go to test-output/screenshots/first-use-*.png.
 */
import type { Page } from 'playwright-core';
import { clearScreenshots, launchBrowser, screenshots, type ConsoleBrowser } from '../support/browser';
import { request } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Expert } from '../routing/support/routing-e2e';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';
import { acceptInvitation, confirm, eventually, fromPage, heading, notice, open, PageRecord, recorded, signIn, UI_TIMEOUT_MS } from './support/dashboard-page';

const CLOCKS = {
  ...FAST_CLOCKS,
  OFFER_TIMEOUT_SECONDS: '300',
  SLA_STANDARD_SECONDS: '3600',
  SLA_PRIORITY_SECONDS: '1800',
  REPLY_WINDOW_SECONDS: '600',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_RETRY_DELAYS_MS: '150,150',
  WEBHOOK_RECONCILE_INTERVAL_MS: '1000',
  // The standard plan as it ships: no credits included each cycle, 10 in flight.
  LEDGER_STANDARD_CYCLE_CAP: '0',
  LEDGER_STANDARD_IN_FLIGHT_LIMIT: '10',
};
const SKILL = 'first-use';
const STEP_TIMEOUT_MS = 300_000;
/** A zone that is not UTC, so a time without its zone would read an hour off. */
const ZONE = 'Europe/Berlin';
/** A receiver path as long as real ones are, answering 500: its deliveries end as dead letters. */
const LONG_PATH = '/webhooks/expert-handoff/orders-service/v2/incoming-events';

interface CreatedWorkspace {
  id: string;
  owner_invitation: { url: string } | null;
}

describe('the consoles on first use (Playwright, real services)', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let receiver: WebhookReceiver;
  let browser: ConsoleBrowser;
  let page: Page;
  let workspace: CreatedWorkspace;
  let liveKey = '';
  let experts: Expert[] = [];
  const record = new PageRecord();
  let current: () => Page | undefined = () => page;
  const step = (name: string, run: () => Promise<void>) => recorded(() => current(), `first-use-${name}`, run);
  const url = (path: string) => `${services.baseUrl}/console${path}`;
  /** axe, then pictures at desktop and 360 px, light and dark, under first-use-<name>. */
  const capture = async (target: Page, name: string): Promise<void> => {
    await record.audit(target, name);
    const dismiss = target.getByRole('button', { name: 'Dismiss message' });
    if (await dismiss.count()) await dismiss.click({ timeout: 5_000 }).catch(() => undefined);
    await target.evaluate('window.scrollTo(0, 0)');
    await screenshots(target, `first-use-${name}`);
  };
  const admin = (method: string, path: string, body?: unknown) => request(services.baseUrl, method, path, { headers: e2e.admin, body });

  beforeAll(async () => {
    clearScreenshots((file) => file.startsWith('first-use-'));
    receiver = await WebhookReceiver.start();
    receiver.behave('/hooks', () => ({ status: 200 }));
    receiver.behave(LONG_PATH, () => ({ status: 500 }));
    services = await startServices(CLOCKS);
    e2e = new RouterE2e(services);
    workspace = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'Bramble Bakery', '--owner-email', 'bea@bramble.example');
    expect((await admin('POST', `/admin/v1/workspaces/${workspace.id}/account/credits`, { credits: 1000, reference: 'first-grant' })).status).toBe(200);
    // Two experts: the first declines, the second is offered next.
    experts = [await e2e.addExpert([SKILL], 20, { name: 'Ada Lane' }), await e2e.addExpert([SKILL], 40, { name: 'Bo Chen' })];
    browser = await launchBrowser();
    page = await (await browser.newContext({ width: 1280, height: 800, timezoneId: ZONE })).newPage();
    await acceptInvitation(page, services.baseUrl, workspace.owner_invitation?.url ?? '', 'Bea Baker', 'Overview');
    const key = await fromPage<{ key: string }>(page, 'POST', '/console/api/v1/api_keys', { mode: 'live', body: { name: 'Production agent' } });
    liveKey = key.body.key;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await services?.stop();
    await receiver?.close();
  });

  it(
    'the delivery log fits a 1280 px screen: no sideways scroll, every column in view; its times name their zone and give UTC on hover',
    step('deliveries', async () => {
      const endpoint = await fromPage<{ id: string }>(page, 'POST', '/v1/webhook_endpoints', { mode: 'live', body: { url: receiver.url('/hooks'), description: 'Orders' } });
      expect(endpoint.status).toBe(201);
      for (let n = 0; n < 2; n++) expect((await fromPage(page, 'POST', `/v1/webhook_endpoints/${endpoint.body.id}/test`, { mode: 'live' })).status).toBe(201);
      await receiver.waitForDeliveries('/hooks', 2);
      // A receiver's real address is long, and a dead letter has its Replay in the Actions column: the widest rows the log shows.
      const failing = await fromPage<{ id: string }>(page, 'POST', '/v1/webhook_endpoints', { mode: 'live', body: { url: receiver.url(LONG_PATH), enabled_events: ['deployment.completed'] } });
      expect(failing.status).toBe(201);
      expect((await fromPage(page, 'POST', `/v1/webhook_endpoints/${failing.body.id}/test`, { mode: 'live' })).status).toBe(201);
      await eventually(async () => ((await fromPage<{ data: unknown[] }>(page, 'GET', '/v1/webhook_deliveries?status=dead_lettered', { mode: 'live' })).body.data.length > 0 ? true : undefined), 'a dead letter');

      await page.goto(url('/deliveries'));
      await heading(page, 'Delivery log');
      await page.locator('tr[data-delivery-id]').getByText('Succeeded').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('tr[data-delivery-id]').getByRole('button', { name: /^Replay/ }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      const widths = (await page.evaluate('({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })')) as { scroll: number; client: number };
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      for (const column of ['Created', 'Actions']) {
        const box = await page.getByRole('columnheader', { name: column }).boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
      }
      const scroller = (await page.locator('.table-scroll').evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }))) as { scroll: number; client: number };
      expect(scroller.scroll).toBeLessThanOrEqual(scroller.client);

      // Times: the browser's zone named (CET in December in Berlin), UTC on hover, ISO as the machine value.
      const created = page.locator('tr[data-delivery-id] time').first();
      expect(await created.textContent()).toMatch(/\bCET$/);
      expect(await created.getAttribute('title')).toMatch(/UTC$/);
      expect(await created.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
      await capture(page, 'deliveries');

      await page.locator('tr[data-delivery-id]').first().getByRole('link', { name: 'webhook.test' }).click();
      await heading(page, 'Delivery of webhook.test');
      await page.getByRole('row', { name: /Attempt 1/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      await capture(page, 'delivery');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'a pending deployment shows its routing (offered, declined with the reason, the next offer), says where its events go, and is cancelled after a confirmation',
    step('deployment', async () => {
      const created = await e2e.create(liveKey, { brief: 'Name our rye loaf. Three options, one line each.', skills: [SKILL] });
      expect(created.status).toBe(201);
      const id = created.body.id;
      const first = await e2e.waitForOffer(id, 1);
      const decliner = experts.find((expert) => expert.id === first.expertId) as Expert;
      expect((await e2e.asExpert(decliner, 'POST', `/deployments/${id}/decline`, { reason: 'Booked until Friday' })).status).toBe(200);
      await e2e.waitForOffer(id, 2);

      await page.goto(url(`/deployments/${id}`));
      await heading(page, /Name our rye loaf/);
      const routing = page.getByRole('list', { name: 'Routing' });
      await routing.getByText('Declined (offer 1): “Booked until Friday”').waitFor({ timeout: UI_TIMEOUT_MS });
      await routing.getByText('Offered to an expert (offer 2)').waitFor({ timeout: UI_TIMEOUT_MS });
      // No expert is named for an offer they passed on.
      expect(await routing.getByText(/Ada Lane|Bo Chen/).count()).toBe(0);
      // An endpoint is registered: the panel says so, not "Register an endpoint".
      const hooks = page.getByRole('region', { name: 'Webhook deliveries' });
      await hooks.getByText(/Nothing sent for this deployment yet/).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await hooks.getByText(/Register an endpoint/).count()).toBe(0);
      await capture(page, 'deployment-pending');

      await page.getByRole('button', { name: 'Cancel the deployment' }).click();
      await page.getByRole('dialog').waitFor({ timeout: UI_TIMEOUT_MS });
      // Focus moved into the dialog (its first field).
      expect(await page.evaluate('document.activeElement.closest("dialog") !== null')).toBe(true);
      await page.getByRole('dialog').getByLabel('Reason (optional)').fill('Named it ourselves');
      await confirm(page, 'Cancel the deployment');
      await notice(page, /Deployment cancelled/);
      await page.locator('.deployment-status').getByText('Cancelled').waitFor({ timeout: UI_TIMEOUT_MS });
      const after = await e2e.get(liveKey, id);
      expect(after.body).toMatchObject({ status: 'cancelled', cancellation: { cancelled_by: 'agent', reason: 'Named it ourselves' } });
      await capture(page, 'deployment-cancelled');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'the audit log names a revoked key by its name and last four characters',
    step('audit-log', async () => {
      const made = await fromPage<{ id: string; last4: string }>(page, 'POST', '/console/api/v1/api_keys', { mode: 'live', body: { name: 'Old laptop' } });
      expect((await fromPage(page, 'POST', `/console/api/v1/api_keys/${made.body.id}/revoke`, { mode: 'live' })).status).toBe(200);
      await page.goto(url('/audit-log'));
      await heading(page, 'Audit log');
      const row = page.locator('tr[data-action="api_key.revoked"]').first();
      await row.getByText(`Old laptop (…${made.body.last4})`).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await row.getByText('api key', { exact: true }).count()).toBe(0);
      await capture(page, 'audit-log');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'a refusal from the API reads as a sentence naming the field as the form labels it',
    step('errors', async () => {
      await open(page, 'Webhooks');
      // With an endpoint registered, the form to add another is folded away: unfold it once the list has loaded.
      await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
      if (!(await page.locator('details.add-endpoint').evaluate((details) => (details as unknown as { open: boolean }).open))) await page.getByRole('heading', { name: 'Add an endpoint' }).click();
      await page.getByLabel('Endpoint URL').fill('https://user:secret@hooks.example.com/in');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const field = 'Endpoint URL must not contain a user name or password.';
      await page.locator('.field__error').getByText(field).waitFor({ timeout: UI_TIMEOUT_MS });
      await notice(page, `Endpoint not added: ${field}`);
      expect(await page.getByText(/\b(Url|url) must\b/).count()).toBe(0);
      await capture(page, 'endpoint-refused');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'the plan reads as what it is: no credits included each cycle, and customised when operations changed a figure',
    step('plan', async () => {
      expect((await admin('PATCH', `/admin/v1/workspaces/${workspace.id}/account/plan`, { in_flight_limit: 20 })).status).toBe(200);
      await page.goto(url('/overview'));
      await heading(page, 'Overview');
      const cycle = page.getByRole('region', { name: 'This cycle' });
      await cycle.getByText(/standard \(customised\): no credits included each cycle/).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByText(/0 credits a cycle/).count()).toBe(0);
      await page.getByText('Live deployments started this cycle').waitFor();
      await capture(page, 'overview');
      await open(page, 'Plan and limits');
      await page.getByText('standard (customised)').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('None: granted credits only').waitFor();
      await capture(page, 'plan');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'a person picks light or dark over the system setting, kept on this device across reloads, and can go back to the system',
    step('theme', async () => {
      const background = () => page.evaluate('getComputedStyle(document.body).backgroundColor') as Promise<string>;
      await page.goto(url('/overview'));
      await heading(page, 'Overview');
      const light = await background();
      await page.locator('.account summary').click();
      await page.getByLabel('Colours').selectOption('dark');
      expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('dark');
      const dark = await background();
      expect(dark).not.toBe(light);
      await page.reload();
      await heading(page, 'Overview');
      expect(await background()).toBe(dark);
      await capture(page, 'theme-dark');
      await page.locator('.account summary').click();
      await page.getByLabel('Colours').selectOption('system');
      expect(await page.evaluate('document.documentElement.dataset.theme ?? null')).toBeNull();
      expect(await background()).toBe(light);
      await page.locator('.account summary').click();
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'on a phone, the current section is scrolled into view in the row of sections; test mode keeps its banner inside a landmark',
    step('phone', async () => {
      const phone = await (await browser.newContext({ width: 390, height: 844, timezoneId: ZONE })).newPage();
      current = () => phone;
      // Sign-in shows the password on request (a toggle button, pressed while shown).
      await phone.goto(url('/sign-in'));
      await heading(phone, 'Sign in');
      await phone.getByLabel('Password').fill('typed on a phone');
      await phone.getByRole('button', { name: 'Show the password' }).click();
      expect(await phone.getByLabel('Password').getAttribute('type')).toBe('text');
      expect(await phone.getByRole('button', { name: 'Hide the password' }).getAttribute('aria-pressed')).toBe('true');
      await capture(phone, 'sign-in');
      // The pictures leave the page at desktop width: back to the phone's.
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.getByRole('button', { name: 'Hide the password' }).click();
      expect(await phone.getByLabel('Password').getAttribute('type')).toBe('password');
      await signIn(phone, services.baseUrl, 'bea@bramble.example', 'Overview');
      for (const [section, title] of [
        ['Audit log', 'Audit log'],
        ['Plan and limits', 'Plan and limits'],
      ] as const) {
        await phone.goto(url(section === 'Audit log' ? '/audit-log' : '/plan'));
        await heading(phone, title);
        const link = phone.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: section, exact: true });
        await eventually(async () => {
          const box = await link.boundingBox();
          return box && box.x >= 0 && box.x + box.width <= 390 ? true : undefined;
        }, `${section} in view`);
      }
      const widths = (await phone.evaluate('({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })')) as { scroll: number; client: number };
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await capture(phone, 'phone-plan');
      await phone.goto(url('/test/overview'));
      await phone.getByRole('note', { name: 'Test mode' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await heading(phone, 'Overview');
      await capture(phone, 'test-mode');
      current = () => page;
      await phone.context().close();
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'an operator confirms a grant and a plan change before they apply, and sees every grant and plan change with who made it',
    step('operator', async () => {
      const invitation = await services.ops<{ url: string }>('operator:invite', '--email', 'opal@ops.example', '--name', 'Opal Ops');
      const operator = await (await browser.newContext({ width: 1280, height: 800, timezoneId: ZONE })).newPage();
      current = () => operator;
      await acceptInvitation(operator, services.baseUrl, invitation.url, 'Opal Ops', 'Roster');
      await operator.goto(url(`/ops/accounts/${workspace.id}`));
      await heading(operator, 'Account of Bramble Bakery');
      const history = operator.getByRole('list', { name: 'Grants and plan changes' });
      await history.getByText('1,000 credits granted').or(history.getByText('1000 credits granted')).waitFor({ timeout: UI_TIMEOUT_MS });
      await operator.getByText(/live deployments? started/).first().waitFor();
      expect(await operator.getByText(/credits in \d+ deployment/).count()).toBe(0);
      await operator.getByText(/standard \(customised\)/).first().waitFor();

      const topup = async () => ((await admin('GET', `/admin/v1/workspaces/${workspace.id}/account`)).body as { topup: number }).topup;
      const before = await topup();
      await operator.getByRole('spinbutton', { name: 'Credits', exact: true }).fill('500');
      await operator.getByLabel('Reference (optional)').fill('inv-77');
      await operator.getByRole('button', { name: 'Grant credits' }).click();
      const dialog = operator.getByRole('dialog', { name: 'Grant 500 credits to Bramble Bakery?' });
      await dialog.waitFor({ timeout: UI_TIMEOUT_MS });
      // Nothing applies before the confirmation.
      expect(await topup()).toBe(before);
      expect(await operator.evaluate('document.activeElement.textContent')).toBe('Cancel');
      await capture(operator, 'ops-grant-confirm');
      await confirm(operator, 'Grant 500 credits');
      await notice(operator, /500 credits granted/);
      await history.getByText('500 credits granted').waitFor({ timeout: UI_TIMEOUT_MS });
      await history.getByText(/reference inv-77/).waitFor();
      await history.getByText(/opal@ops\.example/).first().waitFor();

      await operator.getByLabel('In-flight limit').fill('30');
      await operator.getByRole('button', { name: 'Change the plan' }).click();
      await operator.getByRole('dialog', { name: 'Change the plan of Bramble Bakery?' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await confirm(operator, 'Change the plan');
      await notice(operator, /Plan changed/);
      await history.getByText(/Plan changed to standard: no credits included each cycle, 30 in flight/).waitFor({ timeout: UI_TIMEOUT_MS });
      await capture(operator, 'ops-account');
      current = () => page;
      await operator.context().close();
    }),
    STEP_TIMEOUT_MS,
  );

  it('finds no accessibility violation of any impact on any page visited (axe, light and dark)', () => {
    expect(Object.keys(record.accessibility).length).toBeGreaterThanOrEqual(10);
    expect(record.failures()).toEqual({});
  });
});
