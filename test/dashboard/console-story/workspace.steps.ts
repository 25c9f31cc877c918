import type { Page } from 'playwright-core';
import { request } from '../../support/http';
import { acceptInvitation, confirm, fromPage, heading, notice, open, shownSecret, UI_TIMEOUT_MS } from '../support/dashboard-page';
import { STEP_TIMEOUT_MS, type CreatedWorkspace, type DashboardStory } from './story';

/** The workspace's own pages: modes, brand memory, the team, limits, the audit log, and another workspace kept apart. */
export function workspaceSteps(story: DashboardStory): void {
  it(
    'the test/live switch changes every page at once; test-mode data never appears in live mode',
    story.step('test-mode', async ({ e2e, page, record, url }) => {
      await open(page, 'Deployments');
      await page.getByRole('switch', { name: 'Test mode' }).focus();
      await page.keyboard.press('Space');
      await page.getByRole('note', { name: 'Test mode' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(new URL(page.url()).pathname).toBe('/console/test/deployments');
      expect(await page.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked')).toBe('true');
      await page.getByText('No test deployments yet.').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator(`[data-deployment-id="${story.deploymentId}"]`).count()).toBe(0);

      await open(page, 'API keys');
      expect(await page.getByRole('row', { name: /Production agent/ }).count()).toBe(0);
      await page.getByLabel('Key name').fill('Staging agent');
      await page.getByRole('button', { name: 'Create test key' }).click();
      const testKey = await shownSecret(page);
      expect(testKey).toMatch(/^svc_test_/);
      await page.getByRole('button', { name: 'I have saved it' }).click();
      const created = await e2e.create(testKey, { brief: 'Name our sourdough subscription. Three options.', skills: ['naming'] });
      expect(created.status).toBe(201);
      story.testDeploymentId = created.body.id;
      await open(page, 'Deployments');
      await page.locator(`tr[data-deployment-id="${story.testDeploymentId}"]`).getByText('Completed').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'test-mode-deployments');
      await open(page, 'Webhooks');
      await page.getByText('No test endpoints yet.').waitFor({ timeout: UI_TIMEOUT_MS });
      await open(page, 'Overview');
      await page
        .getByText(/Test mode bills nothing/)
        .first()
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'test-mode-overview');

      // Back to live: the test deployment is nowhere, in the page or the API.
      await page.getByRole('switch', { name: 'Test mode' }).click();
      await heading(page, 'Overview');
      expect(await page.getByRole('note', { name: 'Test mode' }).count()).toBe(0);
      await open(page, 'Deployments');
      await page.locator(`tr[data-deployment-id="${story.deploymentId}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator(`[data-deployment-id="${story.testDeploymentId}"]`).count()).toBe(0);
      const live = await fromPage<{ data: { id: string }[] }>(page, 'GET', '/v1/deployments', { mode: 'live' });
      expect(live.body.data.map((d) => d.id)).toEqual([story.deploymentId]);
      expect((await fromPage(page, 'GET', `/v1/deployments/${story.testDeploymentId}`, { mode: 'live' })).status).toBe(404);
      expect((await fromPage(page, 'GET', `/v1/webhook_endpoints/${story.endpointId}`, { mode: 'test' })).status).toBe(404);
      await page.goto(url(`/deployments/${story.testDeploymentId}`));
      await page.getByText(`No live deployment ${story.testDeploymentId}.`).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'deployment-not-found', { lightOnly: true });
    }),
    STEP_TIMEOUT_MS,
  );

  it(
    'brand memory: create, edit and delete an entry',
    story.step('memory', async ({ services, page, record, url }) => {
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
      const stored = await request<{ body: string }>(services.baseUrl, 'GET', '/v1/memory/brand.voice', { key: story.liveKey });
      expect(stored.body.body).toBe('Dry, warm, **shorter still**.');
      await card.getByText('Show the entry').click();
      await record.capture(page, 'memory');
      await card.getByRole('button', { name: 'Delete brand.voice' }).click();
      await confirm(page, 'Delete entry');
      await notice(page, /Entry brand.voice deleted/);
      expect((await request(services.baseUrl, 'GET', '/v1/memory/brand.voice', { key: story.liveKey })).status).toBe(404);
    }),
    STEP_TIMEOUT_MS,
  );

  let developer: Page;
  it(
    'the owner invites a developer, who cannot see the team page; the owner asks for a higher limit and reads the audit log',
    story.step('team', async ({ services, browser, page, record, url }) => {
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
      story.current = () => developer;
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
      await developer.locator(`[data-deployment-id="${story.deploymentId}"]`).filter({ visible: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      story.current = () => page;

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
    story.step('other-workspace', async ({ services, browser, page, workspace, url }) => {
      const other = await services.ops<CreatedWorkspace>('workspace:create', '--name', 'Other Co', '--owner-email', 'owen@other.example');
      const stranger = await (await browser.newContext()).newPage();
      story.current = () => stranger;
      await acceptInvitation(stranger, services.baseUrl, other.owner_invitation?.url ?? '', 'Owen Other', 'Overview');
      await stranger
        .getByRole('link', { name: /Other Co/ })
        .first()
        .waitFor();
      await stranger.goto(url('/deployments'));
      await stranger.getByText('No live deployments yet.').waitFor({ timeout: UI_TIMEOUT_MS });
      await stranger.goto(url(`/deployments/${story.deploymentId}`));
      await stranger.getByText(`No live deployment ${story.deploymentId}.`).waitFor({ timeout: UI_TIMEOUT_MS });
      await stranger.goto(url(`/webhooks/${story.endpointId}`));
      await stranger.getByText(`No live endpoint ${story.endpointId}.`).waitFor({ timeout: UI_TIMEOUT_MS });
      await stranger.goto(url('/team'));
      await stranger.getByRole('row', { name: /Owen Other/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await stranger.getByText('olivia@acme.example').count()).toBe(0);
      await stranger.goto(url('/api-keys'));
      await heading(stranger, 'API keys');
      await stranger
        .getByRole('row', { name: /Default/ })
        .first()
        .waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await stranger.getByText('Production agent').count()).toBe(0);
      for (const path of [
        `/v1/deployments/${story.deploymentId}`,
        `/v1/deployments/${story.deploymentId}/events`,
        `/v1/webhook_endpoints/${story.endpointId}`,
      ]) {
        expect((await fromPage(stranger, 'GET', path, { mode: 'live' })).status).toBe(404);
      }
      const deliveries = await fromPage<{ data: unknown[] }>(stranger, 'GET', '/v1/webhook_deliveries', { mode: 'live' });
      expect(deliveries.body.data).toEqual([]);
      const audit = await fromPage<{ data: { target: { id: string } }[] }>(stranger, 'GET', '/console/api/v1/audit_log');
      expect(JSON.stringify(audit.body)).not.toContain(workspace.id);
      story.current = () => page;
      await stranger.context().close();
    }),
    STEP_TIMEOUT_MS,
  );
}
