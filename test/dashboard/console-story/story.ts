/**
 * The one workspace the dashboard's browser story runs through, step after step: its services,
 * browser and people, and what each step leaves for the next (a key, an endpoint, a deployment).
 * The steps live by subject beside this file; dashboard-console.e2e.ts runs them in order.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { verifyWebhook } from '@eh/webhook-signature';
import { clearScreenshots, launchBrowser, type ConsoleBrowser } from '../../support/browser';
import { startServices, type RunningServices } from '../../support/service-harness';
import { RouterE2e, type Expert } from '../../routing/support/routing-e2e';
import { LOOPBACK_WEBHOOKS, PERSON_CLOCKS } from '../../support/console-page';
import { WebhookReceiver, type ReceivedWebhook } from '../../webhooks/support/webhook-receiver';
import { fromPage, PageRecord, recorded } from '../support/dashboard-page';

const CLOCKS = {
  ...PERSON_CLOCKS,
  ...LOOPBACK_WEBHOOKS,
  // A plan limit the owner can ask to raise (the harness's default is the maximum).
  LEDGER_STANDARD_IN_FLIGHT_LIMIT: '10',
};
export const SKILL = 'dashboard-e2e';
/**
 * Each step takes 10–35 s on a quiet host; the slowest CI host seen ran this suite four times
 * slower. A timeout only ends a step that hangs, and then a little later costs nothing else.
 */
export const STEP_TIMEOUT_MS = 300_000;
export const HOOK_PATH = '/hooks';

export interface CreatedWorkspace {
  id: string;
  keys: { test: string; live: string };
  owner_invitation: { email: string; url: string; expires_at: string } | null;
}

export interface DeliveryView {
  id: string;
  status: string;
  event_type: string;
}

export class DashboardStory {
  services!: RunningServices;
  e2e!: RouterE2e;
  receiver!: WebhookReceiver;
  browser!: ConsoleBrowser;
  context!: BrowserContext;
  /** The owner's page. */
  page!: Page;
  workspace!: CreatedWorkspace;
  expert!: Expert;
  liveKey = '';
  endpointSecret = '';
  endpointId = '';
  deploymentId = '';
  testDeploymentId = '';
  /** While true the receiver answers 500. */
  failing = false;
  readonly record = new PageRecord();
  /** The page a failing step was on (the owner's, or another person's while a step drives theirs). */
  current: () => Page | undefined = () => this.page;

  async start(): Promise<void> {
    clearScreenshots((file) => file.startsWith('dashboard-'));
    this.receiver = await WebhookReceiver.start();
    this.receiver.behave(HOOK_PATH, () => ({ status: this.failing ? 500 : 200 }));
    this.services = await startServices(CLOCKS);
    this.e2e = new RouterE2e(this.services);
    this.workspace = await this.services.ops<CreatedWorkspace>('workspace:create', '--name', 'Acme Bakeries', '--owner-email', 'olivia@acme.example');
    this.expert = await this.e2e.addExpert([SKILL, 'copywriting'], 20, { name: 'Ada Lane', rate_credits_per_hour: 90 });
    this.browser = await launchBrowser();
    this.context = await this.browser.newContext();
    this.page = await this.context.newPage();
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    await this.services?.stop();
    await this.receiver?.close();
  }

  /** A step of the story: pictures of the page it was on when it fails; the owner's page is current again when it starts. */
  step(name: string, run: (story: DashboardStory) => Promise<void>): () => Promise<void> {
    return recorded(
      () => this.current(),
      name,
      async () => {
        this.current = () => this.page;
        await run(this);
      },
    );
  }

  // Arrow properties: steps take them out of the story by name.
  readonly url = (path: string): string => `${this.services.baseUrl}/console${path}`;
  readonly liveDeliveries = async (query: string): Promise<DeliveryView[]> =>
    (await fromPage<{ data: DeliveryView[] }>(this.page, 'GET', `/v1/webhook_deliveries?${query}`, { mode: 'live' })).body.data;
  readonly verifies = (webhook: ReceivedWebhook, secrets: string[]): boolean =>
    verifyWebhook({ payload: webhook.body, header: webhook.signature, secrets }).valid;
}
