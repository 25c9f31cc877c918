/**
 * The bakery the first-use checks run in: its services, receiver, owner's browser page (1280 px,
 * a zone that is not UTC) and live key. The checks live by subject beside this file;
 * first-use.e2e.ts runs them in order.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, screenshots, type ConsoleBrowser } from '../../support/browser';
import { request } from '../../support/http';
import { startServices, type RunningServices } from '../../support/service-harness';
import { RouterE2e, type Expert } from '../../routing/support/routing-e2e';
import { LOOPBACK_WEBHOOKS, PERSON_CLOCKS } from '../../support/console-page';
import { WebhookReceiver } from '../../webhooks/support/webhook-receiver';
import { acceptInvitation, fromPage, PageRecord, recorded } from '../support/dashboard-page';

const CLOCKS = {
  ...PERSON_CLOCKS,
  ...LOOPBACK_WEBHOOKS,
  OFFER_TIMEOUT_SECONDS: '300',
  // The standard plan as it ships: no credits included each cycle, 10 in flight.
  LEDGER_STANDARD_CYCLE_CAP: '0',
  LEDGER_STANDARD_IN_FLIGHT_LIMIT: '10',
};
export const SKILL = 'first-use';
export const STEP_TIMEOUT_MS = 300_000;
/** A zone that is not UTC, so a time without its zone would read an hour off. */
export const ZONE = 'Europe/Berlin';
/** A receiver path as long as real ones are, answering 500: its deliveries end as dead letters. */
export const LONG_PATH = '/webhooks/expert-handoff/orders-service/v2/incoming-events';

interface CreatedWorkspace {
  id: string;
  owner_invitation: { url: string } | null;
}

export class FirstUseWorld {
  services!: RunningServices;
  e2e!: RouterE2e;
  receiver!: WebhookReceiver;
  browser!: ConsoleBrowser;
  /** The owner's page. */
  page!: Page;
  workspace!: CreatedWorkspace;
  liveKey = '';
  experts: Expert[] = [];
  readonly record = new PageRecord();
  /** The page a failing check was on (the owner's, or another person's while a check drives theirs). */
  current: () => Page | undefined = () => this.page;

  async start(): Promise<void> {
    this.receiver = await WebhookReceiver.start();
    this.receiver.behave('/hooks', () => ({ status: 200 }));
    this.receiver.behave(LONG_PATH, () => ({ status: 500 }));
    this.services = await startServices(CLOCKS);
    this.e2e = new RouterE2e(this.services);
    this.workspace = await this.services.ops<CreatedWorkspace>('workspace:create', '--name', 'Bramble Bakery', '--owner-email', 'bea@bramble.example');
    expect((await this.admin('POST', `/admin/v1/workspaces/${this.workspace.id}/account/credits`, { credits: 1000, reference: 'first-grant' })).status).toBe(
      200,
    );
    // Two experts: the first declines, the second is offered next.
    this.experts = [await this.e2e.addExpert([SKILL], 20, { name: 'Ada Lane' }), await this.e2e.addExpert([SKILL], 40, { name: 'Bo Chen' })];
    this.browser = await launchBrowser();
    this.page = await (await this.browser.newContext({ width: 1280, height: 800, timezoneId: ZONE })).newPage();
    await acceptInvitation(this.page, this.services.baseUrl, this.workspace.owner_invitation?.url ?? '', 'Bea Baker', 'Overview');
    const key = await fromPage<{ key: string }>(this.page, 'POST', '/console/api/v1/api_keys', { mode: 'live', body: { name: 'Production agent' } });
    this.liveKey = key.body.key;
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    await this.services?.stop();
    await this.receiver?.close();
  }

  /** A check: pictures of the page it was on, under first-use-<name>, when it fails. */
  step(name: string, run: (world: FirstUseWorld) => Promise<void>): () => Promise<void> {
    return recorded(
      () => this.current(),
      `first-use-${name}`,
      () => run(this),
    );
  }

  // Arrow properties: checks take them out of the world by name.
  readonly url = (path: string): string => `${this.services.baseUrl}/console${path}`;
  /** axe, then pictures at desktop and 360 px, light and dark, under first-use-<name>. */
  readonly capture = async (target: Page, name: string): Promise<void> => {
    await this.record.audit(target, name);
    const dismiss = target.getByRole('button', { name: 'Dismiss message' });
    if (await dismiss.count()) await dismiss.click({ timeout: 5_000 }).catch(() => undefined);
    await target.evaluate('window.scrollTo(0, 0)');
    await screenshots(target, `first-use-${name}`);
  };
  readonly admin = (method: string, path: string, body?: unknown) => request(this.services.baseUrl, method, path, { headers: this.e2e.admin, body });
}
