/**
 * The workspace dashboard and operations' pages in a real browser against the real services
 *. An owner invited by `ops workspace:create --owner-email` sets a password and signs
 * in, creates a live key, registers an endpoint on a receiver this test runs, sends a test event
 * that verifies with the secret shown, creates a deployment with the key over REST and watches it
 * complete live (an expert scripted over /expert/v1 asks a question, the agent replies, the output
 * arrives with an attachment). A receiver answering 500 fills the dead letters; the owner replays
 * one from the drill-down and the rest in bulk, and the receiver gets each with its original
 * Service-Delivery. Test-mode data never shows in live mode; a developer cannot see the team; a
 * second workspace's owner sees none of the first's. An operator works the roster, the accounts,
 * a limit request and the dead letters of every workspace, and invites another operator. axe on every page; screenshots of
 * every page into test-output/screenshots/dashboard-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { verifyWebhook } from '@eh/webhook-signature';
import { clearScreenshots, launchBrowser, type ConsoleBrowser } from '../support/browser';
import { request } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Expert } from '../routing/support/routing-e2e';
import { WebhookReceiver, type ReceivedWebhook } from '../webhooks/support/webhook-receiver';
import { acceptInvitation, confirm, eventually, fromPage, heading, notice, open, PageRecord, recorded, shownSecret, signIn, UI_TIMEOUT_MS } from './support/dashboard-page';

const CLOCKS = {
  ...FAST_CLOCKS,
  // People (here, a script driving a browser) need longer than the router tests' seconds.
  OFFER_TIMEOUT_SECONDS: '120',
  SLA_STANDARD_SECONDS: '3600',
  SLA_PRIORITY_SECONDS: '1800',
  REPLY_WINDOW_SECONDS: '600',
  // The receiver runs on loopback over http; failed deliveries are dead-lettered after 3 quick attempts.
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_RETRY_DELAYS_MS: '150,150',
  WEBHOOK_RECONCILE_INTERVAL_MS: '1000',
  // A plan limit the owner can ask to raise (the harness's default is the maximum).
  LEDGER_STANDARD_IN_FLIGHT_LIMIT: '10',
};
const SKILL = 'dashboard-e2e';
/**
 * Each step takes 10–35 s on a quiet host; the slowest CI host seen ran this suite four times
 * slower. A timeout only ends a step that hangs, and then a little later costs nothing else.
 */
const STEP_TIMEOUT_MS = 300_000;
const HOOK_PATH = '/hooks';

interface CreatedWorkspace {
  id: string;
  keys: { test: string; live: string };
  owner_invitation: { email: string; url: string; expires_at: string } | null;
}

interface DeliveryView {
  id: string;
  status: string;
  event_type: string;
}

describe('the workspace dashboard and operations (Playwright, real services)', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let receiver: WebhookReceiver;
  let browser: ConsoleBrowser;
  let context: BrowserContext;
  let page: Page;
  let workspace: CreatedWorkspace;
  let expert: Expert;
  let liveKey = '';
  let endpointSecret = '';
  let endpointId = '';
  let deploymentId = '';
  let testDeploymentId = '';
  let failing = false;
  const record = new PageRecord();
  /** The page a failing step was on (the owner's, or another person's while a step drives theirs). */
  let current: () => Page | undefined = () => page;
  const step = (name: string, run: () => Promise<void>) =>
    recorded(
      () => current(),
      name,
      async () => {
        current = () => page;
        await run();
      },
    );

  const url = (path: string) => `${services.baseUrl}/console${path}`;
  const liveDeliveries = async (query: string) => (await fromPage<{ data: DeliveryView[] }>(page, 'GET', `/v1/webhook_deliveries?${query}`, { mode: 'live' })).body.data;
  const verifies = (webhook: ReceivedWebhook, secrets: string[]) => verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets }).valid;

  beforeAll(async () => {
    clearScreenshots((file) => file.startsWith('dashboard-'));
    receiver = await WebhookReceiver.start();
    receiver.behave(HOOK_PATH, () => ({ status: failing ? 500 : 200 }));
    services = await startServices(CLOCKS);
    e2e = new RouterE2e(services);
    workspace = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'Acme Bakeries', '--owner-email', 'olivia@acme.example');
    expert = await e2e.addExpert([SKILL, 'copywriting'], 20, { name: 'Ada Lane', rate_credits_per_hour: 90 });
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await services?.stop();
    await receiver?.close();
  });

  it(
    'the invited owner sets a password, signs in through the one sign-in page and lands on the overview',
    step('owner-sign-in', async () => {
      expect(workspace.owner_invitation?.url).toMatch(/\/console\/invitations\/[^/]+$/);
      await page.goto((workspace.owner_invitation?.url ?? '').replace(/^https?:\/\/[^/]+/, services.baseUrl));
      await heading(page, 'Set your password');
      await page.getByText(/invited to the workspace Acme Bakeries as an owner/).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'invitation', { lightOnly: true });
      await acceptInvitation(page, services.baseUrl, workspace.owner_invitation?.url ?? '', 'Olivia Owner', 'Overview');
      expect(new URL(page.url()).pathname).toBe('/console/overview');

      // Signed out, then in again: the same page experts use, and a member lands on the dashboard.
      await page.locator('.account summary').click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await heading(page, 'Sign in');
      await signIn(page, services.baseUrl, 'olivia@acme.example', 'Overview');
      expect(new URL(page.url()).pathname).toBe('/console/overview');
      await page.getByText('Credits remaining', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('switch', { name: 'Test mode' }).waitFor();
      expect(await page.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked')).toBe('false');
      // The overview's chart has its figures as text too.
      await page.getByRole('img', { name: /Credits charged per day/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('img', { name: /Forecast: credits remaining/ }).waitFor();
      await page.getByText('Show the figures as a table').first().click();
      await page.getByRole('columnheader', { name: 'Credits charged' }).waitFor();
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'creates a live key (shown once, with a copy button) that the API accepts; a second one is revoked by keyboard alone',
    step('api-keys', async () => {
      await open(page, 'API keys');
      await page.getByLabel('Key name').fill('Production agent');
      const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/console/api/v1/api_keys'));
      await page.getByRole('button', { name: 'Create live key' }).click();
      // Every create carries an Idempotency-Key made for this press (kept for its retries).
      expect((await sent).headers()['idempotency-key']).toMatch(/^console-[0-9a-f]{32}$/);
      await notice(page, /Key “Production agent” created/);
      liveKey = await shownSecret(page);
      expect(liveKey).toMatch(/^svc_live_/);
      await page.getByRole('button', { name: 'Copy the key' }).waitFor();
      await record.capture(page, 'api-key-created', { lightOnly: true });
      await page.getByRole('button', { name: 'I have saved it' }).click();
      await page.getByRole('row', { name: /Production agent/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      // The row can be there before the panel holding the key has gone: wait for that too.
      await page.locator('.secret__value').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await page.locator('.secret__value').count()).toBe(0);
      expect((await request(services.baseUrl, 'GET', '/v1/deployments', { key: liveKey })).status).toBe(200);

      // Keyboard only: name a key, Enter; Tab to its Revoke, Enter; the dialog's Cancel has focus; Tab, Enter.
      await page.getByLabel('Key name').focus();
      await page.keyboard.type('Old laptop');
      await page.keyboard.press('Enter');
      await notice(page, /Key “Old laptop” created/);
      const oldKey = await shownSecret(page);
      await page.getByRole('button', { name: 'I have saved it' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Revoke the key Old laptop' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      expect(await page.evaluate('document.activeElement.textContent')).toBe('Cancel');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await notice(page, /Key “Old laptop” revoked/);
      expect((await request(services.baseUrl, 'GET', '/v1/deployments', { key: oldKey })).status).toBe(401);
      await page.getByText('Revoked keys (1)').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'api-keys');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'registers an endpoint on the test receiver and sends a test event that verifies with the secret shown',
    step('endpoint', async () => {
      await open(page, 'Webhooks');
      await page.getByText(`No live endpoints yet.`).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'webhooks-empty', { lightOnly: true });
      await page.getByLabel('Endpoint URL').fill(receiver.url(HOOK_PATH));
      await page.getByLabel('Description (optional)').fill('Order service');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await notice(page, /Endpoint .* added/);
      endpointSecret = await shownSecret(page);
      expect(endpointSecret).toMatch(/^whsec_/);
      await record.capture(page, 'webhooks');
      await page.getByRole('link', { name: 'open the endpoint and send a test event' }).click();
      await heading(page, 'Endpoint');
      endpointId = new URL(page.url()).pathname.split('/').pop() ?? '';
      expect(endpointId).toMatch(/^we_/);
      await page.getByText('Nothing delivered here yet.').waitFor({ timeout: UI_TIMEOUT_MS });

      await page.getByRole('button', { name: 'Send a test event' }).click();
      await notice(page, /Test event sent/);
      const [test] = await receiver.waitForDeliveries(HOOK_PATH, 1);
      expect(test.event).toBe('webhook.test');
      expect(verifies(test, [endpointSecret])).toBe(true);
      expect(verifies(test, ['whsec_not_the_secret'])).toBe(false);
      expect(JSON.parse(test.body)).toMatchObject({ type: 'webhook.test', data: { object: { id: endpointId } } });
      await page.locator(`[data-delivery-id="${test.deliveryId}"]`).getByText('Succeeded').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'endpoint');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'creates a live deployment with the key over REST and watches it complete in the dashboard, without reloading',
    step('deployment-live', async () => {
      await open(page, 'Deployments');
      await page.getByText('No live deployments yet.').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'deployments-empty', { lightOnly: true });
      await page.evaluate('window.__sameDocument = true');

      const created = await e2e.create(liveKey, { brief: 'Rewrite the hero of our landing page. Keep it short; the audience is small bakeries.', skills: [SKILL], metadata: { order: 'A-17' } });
      expect(created.status).toBe(201);
      deploymentId = created.body.id;
      // The row arrives over the live stream.
      const row = page.locator(`tr[data-deployment-id="${deploymentId}"]`);
      await row.getByText('Pending').waitFor({ timeout: UI_TIMEOUT_MS });
      await row.getByRole('link').click();
      await heading(page, /Rewrite the hero/);
      await page.getByText('Updates live').waitFor({ timeout: UI_TIMEOUT_MS });

      // The expert's tooling drives the work; each change shows up on the open page.
      expect((await e2e.waitForOffer(deploymentId, 1)).expertId).toBe(expert.id);
      const status = (text: string) => page.locator('.deployment-status').getByText(text).waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await e2e.asExpert(expert, 'POST', `/deployments/${deploymentId}/accept`)).status).toBe(200);
      await status('Accepted');
      expect((await e2e.asExpert(expert, 'POST', `/deployments/${deploymentId}/start`)).status).toBe(200);
      await status('In progress');
      expect((await e2e.asExpert(expert, 'POST', `/deployments/${deploymentId}/ask`, { question: 'Which competitor should we position against?' })).status).toBe(200);
      await status('Needs your reply');
      await page.getByText('Which competitor should we position against?', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'deployment-needs-reply', { lightOnly: true });
      expect((await request(services.baseUrl, 'POST', `/v1/deployments/${deploymentId}/reply`, { key: liveKey, body: { body: 'Acme Bakeware. Their tone is loud; we want the opposite.' } })).status).toBe(200);
      await page.getByText('Acme Bakeware. Their tone is loud; we want the opposite.', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await status('In progress');

      const bytes = Buffer.from('hero options\nOne: Bake less paperwork.\n', 'utf8');
      const uploaded = await fetch(`${services.baseUrl}/expert/v1/attachments?deployment_id=${deploymentId}&filename=hero-options.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${expert.credential}`, 'content-type': 'text/plain' },
        body: new Uint8Array(bytes),
      });
      expect(uploaded.status).toBe(201);
      const attachment = (await uploaded.json()) as { id: string };
      const markdown = '# Bake less paperwork\n\nOrders, stock and invoices in **one quiet place**.\n\n<img src=x onerror="window.__xss=1">\n\n- Opens before you do';
      const published = await e2e.asExpert(expert, 'POST', `/deployments/${deploymentId}/publish`, { body: markdown, duration_seconds: 1800, credits_charged: 20, attachments: [{ attachment_id: attachment.id }] });
      expect(published.status).toBe(200);
      await status('Completed');
      const output = page.getByRole('region', { name: "The expert's output" });
      await output.getByRole('heading', { name: 'Bake less paperwork' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await output.locator('strong').textContent()).toBe('one quiet place');
      expect(await output.locator('img').count()).toBe(0);
      expect(await page.evaluate('window.__xss')).toBeUndefined();
      const link = page.getByRole('link', { name: /hero-options\.txt/ });
      const download = await fetch((await link.getAttribute('href')) ?? '');
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
      // The timeline has every public event, in order.
      const timeline = page.getByRole('list', { name: 'Events' });
      await timeline.locator('[data-event-type="deployment.completed"]').waitFor({ timeout: UI_TIMEOUT_MS });
      const types = await timeline.locator('[data-event-type]').evaluateAll((items) => items.map((item) => item.getAttribute('data-event-type')));
      const milestones = ['deployment.accepted', 'deployment.in_progress', 'deployment.needs_input', 'deployment.reply_received', 'deployment.completed'];
      expect(types.filter((type) => milestones.includes(type ?? ''))).toEqual(milestones);
      expect(await page.evaluate('window.__sameDocument')).toBe(true);
      // Each change also reached the endpoint, signed with its secret.
      // The test event and accepted, in_progress, needs_input, reply_received, completed.
      const received = await receiver.waitForDeliveries(HOOK_PATH, 6);
      expect(received.filter((webhook) => webhook.event === 'deployment.completed').every((webhook) => verifies(webhook, [endpointSecret]))).toBe(true);
      await page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor();
      await record.capture(page, 'deployment');

      await open(page, 'Deployments');
      await page.locator(`tr[data-deployment-id="${deploymentId}"]`).getByText('Completed').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Filters', { exact: true }).click();
      await page.getByLabel('Completed').check();
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.locator(`tr[data-deployment-id="${deploymentId}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'deployments');
      await open(page, 'Overview');
      await page.getByText(/charged in the last 30 days/).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'overview');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'a receiver answering 500 fills the dead letters; the owner replays one from the drill-down and the rest in bulk; each arrives with its original Service-Delivery',
    step('dead-letters', async () => {
      failing = true;
      await page.goto(url(`/webhooks/${endpointId}`));
      await heading(page, 'Endpoint');
      for (let n = 1; n <= 3; n++) {
        const sent = page.waitForResponse((response) => response.url().endsWith(`/v1/webhook_endpoints/${endpointId}/test`) && response.request().method() === 'POST');
        await page.getByRole('button', { name: 'Send a test event' }).click();
        expect((await sent).status()).toBe(201);
      }
      await notice(page, /Test event sent/);
      const dead = await eventually(async () => {
        const found = await liveDeliveries('status=dead_lettered');
        return found.length >= 3 ? found : undefined;
      }, '3 dead letters');
      const deadIds = dead.map((delivery) => delivery.id);
      // Every failed attempt carried the delivery's own id.
      for (const id of deadIds) expect(receiver.received.filter((webhook) => webhook.deliveryId === id && webhook.path === HOOK_PATH)).toHaveLength(3);
      failing = false;

      // The drill-down: endpoint → delivery → attempt, with a replay at the end of it.
      await page.reload();
      await heading(page, 'Endpoint');
      const first = dead[dead.length - 1];
      await page.locator(`tr[data-delivery-id="${first.id}"]`).getByText('Dead letter').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator(`tr[data-delivery-id="${first.id}"]`).getByRole('link', { name: 'webhook.test' }).click();
      await heading(page, 'Delivery of webhook.test');
      await page.getByRole('row', { name: /Attempt 3/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(/500 in \d/).first().waitFor();
      await record.capture(page, 'delivery');
      await page.getByRole('link', { name: 'Attempt 3' }).click();
      await heading(page, 'Attempt 3');
      await page.getByText('A 5xx or another status: retried on the schedule, then dead-lettered.').waitFor();
      await record.capture(page, 'attempt');
      await page.getByRole('button', { name: `Replay the webhook.test delivery ${first.id}` }).click();
      await notice(page, /Replaying del_/);
      await eventually(() => receiver.processed.get(first.id), `${first.id} delivered again`);

      await open(page, 'Dead letters');
      await page.locator('[data-delivery-id]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await eventually(async () => ((await page.locator('tr[data-delivery-id]').count()) === 2 ? true : undefined), 'two dead letters listed');
      await record.capture(page, 'dead-letters');
      await page.getByRole('button', { name: 'Replay all dead letters' }).click();
      await confirm(page, 'Replay them all');
      await page.getByText(/Done: 2 of 2 replayed/).waitFor({ timeout: UI_TIMEOUT_MS });
      await notice(page, /Replay finished: 2 of 2 dead letters sent again/);
      for (const id of deadIds) await eventually(() => receiver.processed.get(id), `${id} delivered again`);
      for (const id of deadIds) {
        const replayed = receiver.processed.get(id);
        expect(replayed?.deliveryId).toBe(id);
        expect(replayed && verifies(replayed, [endpointSecret])).toBe(true);
      }
      await page.getByText('No dead letters.').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'dead-letters-empty', { lightOnly: true });

      await open(page, 'Delivery log');
      await page.getByText('Filters', { exact: true }).click();
      await page.getByLabel('Status').selectOption('succeeded');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.locator(`tr[data-delivery-id="${first.id}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'deliveries');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'the test/live switch changes every page at once; test-mode data never appears in live mode',
    step('test-mode', async () => {
      await open(page, 'Deployments');
      await page.getByRole('switch', { name: 'Test mode' }).focus();
      await page.keyboard.press('Space');
      await page.getByRole('note', { name: 'Test mode' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(new URL(page.url()).pathname).toBe('/console/test/deployments');
      expect(await page.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked')).toBe('true');
      await page.getByText('No test deployments yet.').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator(`[data-deployment-id="${deploymentId}"]`).count()).toBe(0);

      await open(page, 'API keys');
      expect(await page.getByRole('row', { name: /Production agent/ }).count()).toBe(0);
      await page.getByLabel('Key name').fill('Staging agent');
      await page.getByRole('button', { name: 'Create test key' }).click();
      const testKey = await shownSecret(page);
      expect(testKey).toMatch(/^svc_test_/);
      await page.getByRole('button', { name: 'I have saved it' }).click();
      const created = await e2e.create(testKey, { brief: 'Name our sourdough subscription. Three options.', skills: ['naming'] });
      expect(created.status).toBe(201);
      testDeploymentId = created.body.id;
      await open(page, 'Deployments');
      await page.locator(`tr[data-deployment-id="${testDeploymentId}"]`).getByText('Completed').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'test-mode-deployments');
      await open(page, 'Webhooks');
      await page.getByText('No test endpoints yet.').waitFor({ timeout: UI_TIMEOUT_MS });
      await open(page, 'Overview');
      await page.getByText(/Test mode bills nothing/).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'test-mode-overview');

      // Back to live: the test deployment is nowhere, in the page or the API.
      await page.getByRole('switch', { name: 'Test mode' }).click();
      await heading(page, 'Overview');
      expect(await page.getByRole('note', { name: 'Test mode' }).count()).toBe(0);
      await open(page, 'Deployments');
      await page.locator(`tr[data-deployment-id="${deploymentId}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator(`[data-deployment-id="${testDeploymentId}"]`).count()).toBe(0);
      const live = await fromPage<{ data: { id: string }[] }>(page, 'GET', '/v1/deployments', { mode: 'live' });
      expect(live.body.data.map((d) => d.id)).toEqual([deploymentId]);
      expect((await fromPage(page, 'GET', `/v1/deployments/${testDeploymentId}`, { mode: 'live' })).status).toBe(404);
      expect((await fromPage(page, 'GET', `/v1/webhook_endpoints/${endpointId}`, { mode: 'test' })).status).toBe(404);
      await page.goto(url(`/deployments/${testDeploymentId}`));
      await page.getByText(`No live deployment ${testDeploymentId}.`).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'deployment-not-found', { lightOnly: true });
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'brand memory: create, edit and delete an entry',
    step('memory', async () => {
      await page.goto(url('/memory'));
      await heading(page, 'Brand memory');
      await page.getByText('No live brand memory yet.').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'memory-empty', { lightOnly: true });
      await page.getByRole('button', { name: 'New entry' }).click();
      await page.getByLabel('Key').fill('brand.voice');
      await page.getByLabel('Kind').selectOption('voice');
      await page.getByLabel('Entry (markdown)').fill('Dry, warm, **short**. No exclamation marks.');
      await page.getByRole('region', { name: 'Preview of the entry' }).locator('strong').waitFor();
      await page.getByRole('button', { name: 'Add entry' }).click();
      await notice(page, /Entry brand.voice added/);
      const card = page.locator('[data-memory-key="brand.voice"]');
      await card.waitFor({ timeout: UI_TIMEOUT_MS });
      await card.getByRole('button', { name: 'Edit brand.voice' }).click();
      await page.getByLabel('Entry (markdown)').fill('Dry, warm, **shorter still**.');
      await page.getByRole('button', { name: 'Save entry' }).click();
      await notice(page, /Entry brand.voice saved/);
      const stored = await request<{ body: string }>(services.baseUrl, 'GET', '/v1/memory/brand.voice', { key: liveKey });
      expect(stored.body.body).toBe('Dry, warm, **shorter still**.');
      await card.getByText('Show the entry').click();
      await record.capture(page, 'memory');
      await card.getByRole('button', { name: 'Delete brand.voice' }).click();
      await confirm(page, 'Delete entry');
      await notice(page, /Entry brand.voice deleted/);
      expect((await request(services.baseUrl, 'GET', '/v1/memory/brand.voice', { key: liveKey })).status).toBe(404);
    }),
    STEP_TIMEOUT_MS,
  );

  let developer: Page;
  it(
    'the owner invites a developer, who cannot see the team page; the owner asks for a higher limit and reads the audit log',
    step('team', async () => {
      await page.goto(url('/team'));
      await heading(page, 'Team');
      await page.getByText('No open invitations.').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByLabel('Email').fill('dev@acme.example');
      await page.getByLabel('Role', { exact: true }).selectOption('developer');
      await page.getByRole('button', { name: 'Invite' }).click();
      await notice(page, /Invitation for dev@acme.example made/);
      const link = await shownSecret(page);
      expect(link).toMatch(/\/console\/invitations\/[^/]+$/);
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByText('dev@acme.example').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'team');

      developer = await (await browser.newContext({ width: 360, height: 780 })).newPage();
      current = () => developer;
      await acceptInvitation(developer, services.baseUrl, link, 'Dev Eloper', 'Overview');
      const nav = developer.getByRole('navigation', { name: 'Dashboard' });
      await nav.getByRole('link', { name: 'API keys' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Team' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
      await developer.goto(url('/team'));
      await heading(developer, 'Team');
      await developer.getByText("Team is for the workspace's owners.").waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await developer.getByRole('table').count()).toBe(0);
      expect(await developer.getByText('olivia@acme.example').count()).toBe(0);
      const refused = await fromPage<{ error: { code: string } }>(developer, 'GET', '/console/api/v1/members');
      expect([refused.status, refused.body.error.code]).toEqual([403, 'permission_denied']);
      await record.capture(developer, 'developer-team', { lightOnly: true });
      // The developer works with the same live data.
      await developer.goto(url('/deployments'));
      await developer.locator(`[data-deployment-id="${deploymentId}"]`).filter({ visible: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      current = () => page;

      await page.reload();
      await heading(page, 'Team');
      await page.getByRole('row', { name: /Dev Eloper/ }).waitFor({ timeout: UI_TIMEOUT_MS });

      await open(page, 'Plan and limits');
      await page.getByLabel('New in-flight limit').fill('50');
      await page.getByLabel('Why').fill('Launch week: 40 briefs at once on Monday.');
      await page.getByRole('button', { name: 'Send the request' }).click();
      await notice(page, /Request sent/);
      await page.getByText('Waiting for operations').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'plan');

      await open(page, 'Audit log');
      for (const action of ['api_key.created', 'api_key.revoked', 'webhook_endpoint.created', 'member.invited', 'member.joined', 'limit_request.created']) {
        await page.locator(`tr[data-action="${action}"]`).first().waitFor({ timeout: UI_TIMEOUT_MS });
      }
      await record.capture(page, 'audit-log');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    "another workspace's owner sees none of the first workspace's data",
    step('other-workspace', async () => {
      const other = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'Other Co', '--owner-email', 'owen@other.example');
      const stranger = await (await browser.newContext()).newPage();
      current = () => stranger;
      await acceptInvitation(stranger, services.baseUrl, other.owner_invitation?.url ?? '', 'Owen Other', 'Overview');
      await stranger.getByRole('link', { name: /Other Co/ }).first().waitFor();
      await stranger.goto(url('/deployments'));
      await stranger.getByText('No live deployments yet.').waitFor({ timeout: UI_TIMEOUT_MS });
      await stranger.goto(url(`/deployments/${deploymentId}`));
      await stranger.getByText(`No live deployment ${deploymentId}.`).waitFor({ timeout: UI_TIMEOUT_MS });
      await stranger.goto(url(`/webhooks/${endpointId}`));
      await stranger.getByText(`No live endpoint ${endpointId}.`).waitFor({ timeout: UI_TIMEOUT_MS });
      await stranger.goto(url('/team'));
      await stranger.getByRole('row', { name: /Owen Other/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await stranger.getByText('olivia@acme.example').count()).toBe(0);
      await stranger.goto(url('/api-keys'));
      await heading(stranger, 'API keys');
      await stranger.getByRole('row', { name: /Default/ }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await stranger.getByText('Production agent').count()).toBe(0);
      for (const path of [`/v1/deployments/${deploymentId}`, `/v1/deployments/${deploymentId}/events`, `/v1/webhook_endpoints/${endpointId}`]) {
        expect((await fromPage(stranger, 'GET', path, { mode: 'live' })).status).toBe(404);
      }
      const deliveries = await fromPage<{ data: unknown[] }>(stranger, 'GET', '/v1/webhook_deliveries', { mode: 'live' });
      expect(deliveries.body.data).toEqual([]);
      const audit = await fromPage<{ data: { target: { id: string } }[] }>(stranger, 'GET', '/console/api/v1/audit_log');
      expect(JSON.stringify(audit.body)).not.toContain(workspace.id);
      current = () => page;
      await stranger.context().close();
    }),
    STEP_TIMEOUT_MS,
  );

  let operator: Page;
  it(
    "an operator signs in through the same page and works the accounts, the owner's limit request and the dead letters of every workspace",
    step('operator', async () => {
      // A fresh dead letter in the owner's workspace for the operator to replay.
      failing = true;
      await page.goto(url(`/webhooks/${endpointId}`));
      await heading(page, 'Endpoint');
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await notice(page, /Test event sent/);
      const dead = await eventually(async () => {
        const found = await liveDeliveries('status=dead_lettered');
        return found.length >= 1 ? found : undefined;
      }, 'a new dead letter');
      failing = false;

      const invitation = await services.ops<{ url: string }>('operator:invite', '--email', 'opal@ops.example', '--name', 'Opal Ops');
      operator = await (await browser.newContext()).newPage();
      current = () => operator;
      await acceptInvitation(operator, services.baseUrl, invitation.url, 'Opal Ops', 'Roster');
      expect(new URL(operator.url()).pathname).toBe('/console/ops/roster');
      // An operator has no dashboard: a member's pages are not theirs.
      await operator.goto(url('/deployments'));
      await heading(operator, 'Page not found');

      await operator.goto(url('/ops/accounts'));
      await heading(operator, 'Accounts');
      await operator.getByRole('link', { name: 'Acme Bakeries' }).click();
      await heading(operator, 'Account of Acme Bakeries');
      await operator.getByText('Open limit requests').waitFor({ timeout: UI_TIMEOUT_MS });
      await operator.getByRole('spinbutton', { name: 'Credits', exact: true }).fill('500');
      await operator.getByLabel('Reference (optional)').fill('inv-42');
      await operator.getByRole('button', { name: 'Grant credits' }).click();
      await confirm(operator, 'Grant 500 credits');
      await notice(operator, /500 credits granted/);
      await record.capture(operator, 'ops-account');
      await operator.getByRole('button', { name: 'Grant', exact: true }).click();
      await notice(operator, /Granted: the in-flight limit is now 50/);
      await open(operator, 'Accounts');
      await record.capture(operator, 'ops-accounts', { lightOnly: true });
      await open(operator, 'Limit requests');
      await operator.getByText('No open requests.').waitFor({ timeout: UI_TIMEOUT_MS });
      await operator.getByLabel('Show').selectOption('all');
      await operator.locator('[data-limit-request-id]').getByText(/Granted/).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(operator, 'ops-limit-requests', { lightOnly: true });

      // The owner sees the answer and the new limit.
      current = () => page;
      await page.goto(url('/plan'));
      await heading(page, 'Plan and limits');
      await page.getByRole('list', { name: 'Limit requests' }).getByText(/Granted/).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(/^50/).first().waitFor();
      // The grant is in the workspace's audit log with the operator who made it.
      await open(page, 'Audit log');
      await page.locator('tr[data-action="credits.granted"]').getByText('opal@ops.example').waitFor({ timeout: UI_TIMEOUT_MS });

      current = () => operator;
      await open(operator, 'Dead letters');
      const row = operator.locator(`tr[data-delivery-id="${dead[0].id}"]`);
      await row.getByText('Acme Bakeries').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(operator, 'ops-dead-letters');
      await operator.getByRole('button', { name: 'Replay all of every workspace' }).click();
      await confirm(operator, 'Replay them all');
      await notice(operator, /Replayed 1 of 1 dead letter/);
      await eventually(() => receiver.processed.get(dead[0].id), 'the dead letter delivered again');
      await operator.getByText('No dead letters.').waitFor({ timeout: UI_TIMEOUT_MS });
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'the operator works the roster: add an expert (credential shown once), availability, profile, console invitation, retirement',
    step('roster', async () => {
      current = () => operator;
      await open(operator, 'Roster');
      await operator.getByRole('row', { name: /Ada Lane/ }).getByText('Not invited').waitFor({ timeout: UI_TIMEOUT_MS });

      await operator.getByRole('button', { name: 'Add an expert' }).click();
      await operator.getByLabel('Name').fill('Bo Chen');
      await operator.getByLabel('Role', { exact: true }).fill('Brand strategist');
      await operator.getByLabel('Skills').fill('naming, positioning');
      await operator.getByRole('button', { name: 'Add to the roster' }).click();
      await notice(operator, /Bo Chen added to the roster/);
      const credential = await shownSecret(operator);
      expect(credential).toMatch(/^svc_expert_/);
      expect((await request(services.baseUrl, 'GET', '/expert/v1/me', { key: credential })).status).toBe(200);
      await record.capture(operator, 'ops-roster');
      await operator.getByRole('link', { name: 'invite them' }).click();
      await heading(operator, 'Bo Chen');
      await operator.getByRole('combobox', { name: 'Availability' }).selectOption('busy');
      await notice(operator, /Bo Chen is now busy/);
      await operator.getByLabel('Role', { exact: true }).fill('Senior brand strategist');
      await operator.getByRole('button', { name: 'Save profile' }).click();
      await notice(operator, /profile saved/);
      await operator.getByRole('textbox', { name: 'Email' }).fill('bo@experts.example');
      await operator.getByRole('button', { name: 'Invite to the console' }).click();
      expect(await shownSecret(operator)).toMatch(/\/console\/invitations\//);
      const bo = await request<{ role: string; availability: string }>(services.baseUrl, 'GET', `/expert/v1/me`, { key: credential });
      expect(bo.body).toMatchObject({ role: 'Senior brand strategist', availability: 'busy' });
      await record.capture(operator, 'ops-expert', { lightOnly: true });
      await operator.getByRole('button', { name: 'Retire the expert' }).click();
      await confirm(operator, 'Retire');
      await notice(operator, /Bo Chen retired/);
      await heading(operator, 'Roster');
      expect((await request(services.baseUrl, 'GET', '/expert/v1/me', { key: credential })).status).toBe(401);

      const row = operator.getByRole('row', { name: /Bo Chen/ });
      await row.getByText('Retired').waitFor({ timeout: UI_TIMEOUT_MS });
      // Retiring revokes the open console invitation: the roster says so.
      await row.getByText('Not invited').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(operator, 'ops-roster-list', { lightOnly: true });
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'an operator invites another operator from the operations pages; the link, shown once, signs the new operator in',
    step('operators', async () => {
      current = () => operator;
      await open(operator, 'Operators');
      await operator.getByLabel('Email').fill('not an email');
      await operator.getByRole('button', { name: 'Invite' }).click();
      await operator.getByText('Enter their email address').waitFor();
      await operator.getByLabel('Email').fill('olivia@acme.example');
      await operator.getByRole('button', { name: 'Invite' }).click();
      await notice(operator, /Not invited/);
      await operator.getByLabel('Email').fill('otto@ops.example');
      await operator.getByLabel('Name (optional)').fill('Otto Ops');
      await operator.getByRole('button', { name: 'Invite' }).click();
      await notice(operator, /Invitation for otto@ops.example made/);
      const link = await shownSecret(operator);
      expect(link).toMatch(/\/console\/invitations\/[^/]+$/);
      await record.capture(operator, 'ops-operators', { lightOnly: true });
      await operator.getByRole('button', { name: 'Done' }).click();
      await operator.locator('.secret__value').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      const otto = await (await browser.newContext()).newPage();
      current = () => otto;
      await acceptInvitation(otto, services.baseUrl, link, 'Otto Ops', 'Roster');
      expect(new URL(otto.url()).pathname).toBe('/console/ops/roster');
      await otto.context().close();
      await operator.context().close();
    }),
    STEP_TIMEOUT_MS,
  );

  it('finds no accessibility violation of any impact on any page (axe, light and dark)', () => {
    expect(Object.keys(record.accessibility).length).toBeGreaterThanOrEqual(20);
    expect(record.failures()).toEqual({});
  });
});
