import { type Expert } from '../../routing/support/routing-e2e';
import { confirm, eventually, fromPage, heading, notice, open, UI_TIMEOUT_MS } from '../support/dashboard-page';
import { LONG_PATH, SKILL, STEP_TIMEOUT_MS, type FirstUseWorld } from './world';

/** What an owner met first: the delivery log, a pending deployment's routing and cancel, the audit log, refusals, the plan. */
export function ownerPageChecks(world: FirstUseWorld): void {
  it(
    'the delivery log fits a 1280 px screen: no sideways scroll, every column in view; its times name their zone and give UTC on hover',
    world.step('deliveries', async ({ receiver, page, url, capture }) => {
      const endpoint = await fromPage<{ id: string }>(page, 'POST', '/v1/webhook_endpoints', {
        mode: 'live',
        body: { url: receiver.url('/hooks'), description: 'Orders' },
      });
      expect(endpoint.status).toBe(201);
      for (let n = 0; n < 2; n++) expect((await fromPage(page, 'POST', `/v1/webhook_endpoints/${endpoint.body.id}/test`, { mode: 'live' })).status).toBe(201);
      await receiver.waitForDeliveries('/hooks', 2);
      // A receiver's real address is long, and a dead letter has its Replay in the Actions column: the widest rows the log shows.
      const failing = await fromPage<{ id: string }>(page, 'POST', '/v1/webhook_endpoints', {
        mode: 'live',
        body: { url: receiver.url(LONG_PATH), enabled_events: ['deployment.completed'] },
      });
      expect(failing.status).toBe(201);
      expect((await fromPage(page, 'POST', `/v1/webhook_endpoints/${failing.body.id}/test`, { mode: 'live' })).status).toBe(201);
      await eventually(
        async () =>
          (await fromPage<{ data: unknown[] }>(page, 'GET', '/v1/webhook_deliveries?status=dead_lettered', { mode: 'live' })).body.data.length > 0
            ? true
            : undefined,
        'a dead letter',
      );

      await page.goto(url('/deliveries'));
      await heading(page, 'Delivery log');
      await page.locator('tr[data-delivery-id]').getByText('Succeeded').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page
        .locator('tr[data-delivery-id]')
        .getByRole('button', { name: /^Replay/ })
        .first()
        .waitFor({ timeout: UI_TIMEOUT_MS });
      const widths = (await page.evaluate('({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })')) as {
        scroll: number;
        client: number;
      };
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      for (const column of ['Created', 'Actions']) {
        const box = await page.getByRole('columnheader', { name: column }).boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
      }
      const scroller = (await page.locator('.table-scroll').evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }))) as {
        scroll: number;
        client: number;
      };
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
    world.step('deployment', async ({ e2e, page, url, capture }) => {
      const created = await e2e.create(world.liveKey, { brief: 'Name our rye loaf. Three options, one line each.', skills: [SKILL] });
      expect(created.status).toBe(201);
      const id = created.body.id;
      const first = await e2e.waitForOffer(id, 1);
      const decliner = world.experts.find((expert) => expert.id === first.expertId) as Expert;
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
      const after = await e2e.get(world.liveKey, id);
      expect(after.body).toMatchObject({ status: 'cancelled', cancellation: { cancelled_by: 'agent', reason: 'Named it ourselves' } });
      // The reason ends its sentence, and the reservation shows as given back, not still held.
      await page.getByText(/: Named it ourselves\. Held credits went back to the workspace\./).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByText('none charged (30 given back)').count()).toBe(1);
      await capture(page, 'deployment-cancelled');
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'the audit log names a revoked key by its name and last four characters',
    world.step('audit-log', async ({ page, url, capture }) => {
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
    world.step('errors', async ({ page, capture }) => {
      await open(page, 'Webhooks');
      // With an endpoint registered, the form to add another is folded away once the list has loaded
      // (open while it loads, and the heading above the list is there before it): wait for the fold, then unfold it.
      await page.locator('details.add-endpoint:not([open])').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Add an endpoint' }).click();
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
    world.step('plan', async ({ page, workspace, url, capture, admin }) => {
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
}
