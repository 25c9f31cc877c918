import type { Page } from 'playwright-core';
import { launchBrowser, type ConsoleBrowser } from '../../support/browser';
import type { RunningServices } from '../../support/service-harness';
import { undoOnFailure } from '../../support/undo-on-failure';
import { startRouterSuite, type RouterSuite } from '../../routing/support/routing-e2e';

/** What an expert-console e2e file works with: the services, a workspace of agents and one browser page. */
export interface ConsoleE2e extends RouterSuite {
  browser: ConsoleBrowser;
  page: Page;
}

/** Creates the workspace and opens a page once the services are up. */
export async function startConsoleE2e(starting: Promise<RunningServices>, workspaceName: string): Promise<ConsoleE2e> {
  const suite = await startRouterSuite(starting, workspaceName);
  const browser = await launchBrowser();
  return undoOnFailure(
    async () => ({ ...suite, browser, page: await (await browser.newContext()).newPage() }),
    () => stopConsoleE2e(browser, suite.services),
  );
}

/** The browser first, so no page is left waiting on services that have stopped. */
export async function stopConsoleE2e(browser: ConsoleBrowser | undefined, services: RunningServices | undefined): Promise<void> {
  await browser?.close();
  await services?.stop();
}
