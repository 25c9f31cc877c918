import { waitUntil } from '@eh/platform/testing';
import { startServices, type RunningServices } from '../support/service-harness';
import { SmtpInbox } from '../support/smtp-inbox';
import { DASHBOARD_ENV, PASSWORD, workspaceWithOwner, type MemberClient } from '../dashboard/support/dashboard-client';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';
import { clearScreenshots, launchBrowser, screenshots, type ConsoleBrowser } from '../support/browser';

interface Endpoint {
  id: string;
  enabled: boolean;
  disabled_reason: { reason: string; failing_since: string; disabled_at: string } | null;
}

/**
 * An endpoint every attempt to which fails for the period (2 s here, 5 days by default) is
 * disabled, its owner told once by e-mail; enabled again from the dashboard, it receives again and
 * gets a whole new period.
 */
describe('endpoint health: a failing endpoint is disabled and its owner told', () => {
  let services: RunningServices;
  let receiver: WebhookReceiver;
  let inbox: SmtpInbox;
  let owner: MemberClient;
  let failing = true;
  let browser: ConsoleBrowser;

  beforeAll(async () => {
    clearScreenshots((file) => file.startsWith('partner-'));
    browser = await launchBrowser();
    receiver = await WebhookReceiver.start();
    receiver.behave('/down', () => ({ status: failing ? 503 : 200 }));
    inbox = await new SmtpInbox().start();
    services = await startServices({
      ...DASHBOARD_ENV,
      WEBHOOK_RETRY_DELAYS_MS: '400,400,400,400,400,400',
      WEBHOOK_ENDPOINT_DISABLE_AFTER_SECONDS: '2',
      WEBHOOK_ENDPOINT_HEALTH_INTERVAL_MS: '300',
      SMTP_URL: inbox.url,
    });
    ({ owner } = await workspaceWithOwner(services, 'health', 'owner@health.example'));
  });

  afterAll(async () => {
    await browser?.close();
    await services?.stop();
    await receiver?.close();
    await inbox?.stop();
  });

  it('disables it after the period of failures, mails the owner once, and takes it back when enabled', async () => {
    const created = await owner.call<Endpoint>('POST', '/v1/webhook_endpoints', { body: { url: receiver.url('/down') } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await owner.call('POST', '/v1/deployments', { body: { brief: 'Name a cat.', skills: ['naming'] } })).status).toBe(201);

    const disabled = await waitUntil(
      async () => {
        const endpoint = (await owner.call<Endpoint>('GET', `/v1/webhook_endpoints/${id}`)).body;
        return endpoint.enabled ? undefined : endpoint;
      },
      { timeoutMs: 20_000, description: 'the endpoint disabled' },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${services.logs('webhooks').slice(-3000)}`);
    });
    expect(disabled.disabled_reason).toMatchObject({ reason: 'failing' });
    expect(Date.parse(disabled.disabled_reason?.disabled_at ?? '') - Date.parse(disabled.disabled_reason?.failing_since ?? '')).toBeGreaterThanOrEqual(2000);

    const mail = await inbox.waitFor((message) => message.to.includes('owner@health.example'), 10_000);
    expect(mail.subject).toBe(`Webhook endpoint disabled: ${receiver.url('/down')}`);
    expect(mail.text).toContain(`/console/test/webhooks/${id}`);
    // Told once, however many passes follow.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(inbox.messages.filter((message) => message.subject.startsWith('Webhook endpoint disabled'))).toHaveLength(1);

    // Nothing new is sent to it while disabled: a new deployment's events make no delivery to it.
    const second = await owner.call<{ id: string }>('POST', '/v1/deployments', { body: { brief: 'Name a dog.', skills: ['naming'] } });
    await waitUntil(
      async () => ((await owner.call<{ status: string }>('GET', `/v1/deployments/${second.body.id}`)).body.status === 'completed' ? true : undefined),
      { timeoutMs: 15_000, description: 'the second deployment completed' },
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await owner.call<{ data: unknown[] }>('GET', `/v1/webhook_deliveries?deployment_id=${second.body.id}`)).body.data).toEqual([]);

    // The owner sees why on the endpoint's page, fixes the receiver and enables it again there.
    failing = false;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${services.baseUrl}/console/sign-in`);
    await page.getByLabel('Email').fill('owner@health.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: 30_000 });
    await page.goto(`${services.baseUrl}/console/test/webhooks/${id}`);
    await page.locator('[data-endpoint-state="disabled-failing"]').waitFor();
    await page.getByText('Disabled by the service.').waitFor();
    // The page offers one way to enable it again: the banner's, not a second beside Edit.
    expect(await page.getByRole('button', { name: /\benable\b/i }).allTextContents()).toEqual(['I fixed it: enable the endpoint again']);
    await screenshots(page, 'partner-endpoint-disabled', { lightOnly: true });
    // A dead letter of the failing period can be resent from its page, under the same id.
    const [dead] = (await owner.call<{ data: { id: string }[] }>('GET', `/v1/webhook_deliveries?endpoint_id=${id}&status=dead_lettered`)).body.data;
    await page.getByRole('button', { name: 'I fixed it: enable the endpoint again' }).click();
    await page.locator('[data-endpoint-state="enabled"]').waitFor();
    expect((await owner.call<Endpoint>('GET', `/v1/webhook_endpoints/${id}`)).body).toMatchObject({ enabled: true, disabled_reason: null });
    await page.goto(`${services.baseUrl}/console/test/deliveries/${dead.id}`);
    await page.getByRole('button', { name: new RegExp(`Replay the .* delivery ${dead.id}`) }).click();
    await waitUntil(
      async () => ((await owner.call<{ status: string }>('GET', `/v1/webhook_deliveries/${dead.id}`)).body.status === 'succeeded' ? true : undefined),
      { timeoutMs: 15_000, description: 'the dead letter resent' },
    );
    await page.reload();
    await page.getByRole('button', { name: new RegExp(`Resend the .* delivery ${dead.id}`) }).waitFor();
    await screenshots(page, 'partner-delivery-resend', { lightOnly: true });
    const count = receiver.at('/down').length;
    await owner.call('POST', '/v1/deployments', { body: { brief: 'Name a bird.', skills: ['naming'] } });
    await waitUntil(() => (receiver.at('/down').length >= count + 3 ? true : undefined), {
      timeoutMs: 15_000,
      description: 'deliveries to the enabled endpoint',
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await owner.call<Endpoint>('GET', `/v1/webhook_endpoints/${id}`)).body.enabled).toBe(true);
  });
});
