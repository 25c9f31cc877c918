import { request } from '../../support/http';
import { acceptInvitation, heading, notice, open, shownSecret, signIn, UI_TIMEOUT_MS } from '../support/dashboard-page';
import { HOOK_PATH, STEP_TIMEOUT_MS, type DashboardStory } from './story';

/** The owner's first minutes: sign in, a live key, an endpoint that verifies a test event. */
export function ownerSetupSteps(story: DashboardStory): void {
  it(
    'the invited owner sets a password, signs in through the one sign-in page and lands on the overview',
    story.step('owner-sign-in', async ({ services, page, workspace, record }) => {
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
    story.step('api-keys', async ({ services, page, record }) => {
      await open(page, 'API keys');
      await page.getByLabel('Key name').fill('Production agent');
      const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/console/api/v1/api_keys'));
      await page.getByRole('button', { name: 'Create live key' }).click();
      // Every create carries an Idempotency-Key made for this press (kept for its retries).
      expect((await sent).headers()['idempotency-key']).toMatch(/^console-[0-9a-f]{32}$/);
      await notice(page, /Key “Production agent” created/);
      story.liveKey = await shownSecret(page);
      expect(story.liveKey).toMatch(/^svc_live_/);
      await page.getByRole('button', { name: 'Copy the key' }).waitFor();
      await record.capture(page, 'api-key-created', { lightOnly: true });
      await page.getByRole('button', { name: 'I have saved it' }).click();
      await page.getByRole('row', { name: /Production agent/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      // The row can be there before the panel holding the key has gone: wait for that too.
      await page.locator('.secret__value').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await page.locator('.secret__value').count()).toBe(0);
      expect((await request(services.baseUrl, 'GET', '/v1/deployments', { key: story.liveKey })).status).toBe(200);

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
    story.step('endpoint', async ({ receiver, page, record, verifies }) => {
      await open(page, 'Webhooks');
      await page.getByText(`No live endpoints yet.`).waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'webhooks-empty', { lightOnly: true });
      await page.getByLabel('Endpoint URL').fill(receiver.url(HOOK_PATH));
      await page.getByLabel('Description (optional)').fill('Order service');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await notice(page, /Endpoint .* added/);
      story.endpointSecret = await shownSecret(page);
      expect(story.endpointSecret).toMatch(/^whsec_/);
      await record.capture(page, 'webhooks');
      await page.getByRole('link', { name: 'open the endpoint and send a test event' }).click();
      await heading(page, 'Endpoint');
      story.endpointId = new URL(page.url()).pathname.split('/').pop() ?? '';
      expect(story.endpointId).toMatch(/^we_/);
      await page.getByText('Nothing delivered here yet.').waitFor({ timeout: UI_TIMEOUT_MS });

      await page.getByRole('button', { name: 'Send a test event' }).click();
      await notice(page, /Test event sent/);
      const [test] = await receiver.waitForDeliveries(HOOK_PATH, 1);
      expect(test.event).toBe('webhook.test');
      expect(verifies(test, [story.endpointSecret])).toBe(true);
      expect(verifies(test, ['whsec_not_the_secret'])).toBe(false);
      expect(JSON.parse(test.body)).toMatchObject({ type: 'webhook.test', data: { object: { id: story.endpointId } } });
      await page.locator(`[data-delivery-id="${test.deliveryId}"]`).getByText('Succeeded').waitFor({ timeout: UI_TIMEOUT_MS });
      await record.capture(page, 'endpoint');
    }),
    STEP_TIMEOUT_MS,
  );
}
