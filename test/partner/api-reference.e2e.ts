import path from 'node:path';
import type { Page } from 'playwright-core';
import { clearScreenshots, launchBrowser, screenshots, SCREENSHOTS, type ConsoleBrowser } from '../support/browser';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const DOCUMENTS = [
  { slug: 'rest', url: '/v1/openapi.json' },
  { slug: 'expert', url: '/expert/v1/openapi.json' },
  { slug: 'admin', url: '/admin/v1/openapi.json' },
] as const;

/** `METHOD /path` of every operation of a document. */
const operationsOf = (document: OpenApi): string[] =>
  Object.entries(document.paths).flatMap(([route, item]) =>
    Object.keys(item)
      .filter((method) => METHODS.has(method))
      .map((method) => `${method.toUpperCase()} ${route}`),
  );

/**
 * `/docs` in Chromium: the three OpenAPI documents rendered with every operation, switched by the
 * selector, the quick start, and not one request leaving 127.0.0.1 (no font CDN, no telemetry).
 */
describe('the API reference at /docs', () => {
  let services: RunningServices;
  let browser: ConsoleBrowser;
  const outside: string[] = [];

  beforeAll(async () => {
    clearScreenshots((file) => file.startsWith('docs-'));
    services = await sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await services?.stop();
  });

  const refusals: string[] = [];

  async function openPage(url: string): Promise<Page> {
    const context = await browser.newContext();
    // Every request the page makes is looked at; one to another host is recorded and refused.
    await context.route('**/*', (route) => {
      const target = new URL(route.request().url());
      if (target.protocol === 'data:' || target.protocol === 'blob:' || target.hostname === '127.0.0.1') return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    // What the Content-Security-Policy blocked shows as a console error: none may happen.
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
    });
    const response = await page.goto(`${services.baseUrl}${url}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    return page;
  }

  /** The operations the sidebar lists for a document, as `METHOD /path`. */
  async function listedOperations(page: Page, slug: string): Promise<string[]> {
    const ids = await page
      .locator(`[data-sidebar-id^="${slug}/"]`)
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-sidebar-id') ?? ''));
    return ids.flatMap((id) => {
      const match = /\/(GET|POST|PUT|PATCH|DELETE)(\/.*)$/.exec(id);
      return match ? [`${match[1]} ${match[2]}`] : [];
    });
  }

  it('renders every operation of the three documents, switched by the selector, and the page and bundle come from the gateway', async () => {
    const page = await openPage('/docs');
    let current = 'REST API (/v1)';
    for (const document of DOCUMENTS) {
      const expected = operationsOf((await (await fetch(`${services.baseUrl}${document.url}`)).json()) as OpenApi).sort();
      expect(expected.length).toBeGreaterThan(5);
      const title = { rest: 'REST API (/v1)', expert: 'Expert and console API (/expert/v1)', admin: 'Admin API (/admin/v1)' }[document.slug];
      if (title !== current) {
        await page.getByRole('button', { name: current }).first().click();
        await page.getByRole('option', { name: title }).click();
        current = title;
      }
      await page.locator(`[data-sidebar-id^="${document.slug}/tag/"]`).first().waitFor({ timeout: 30_000 });
      // The sidebar fills in as the document is read: wait until it holds as many as the document.
      const deadline = Date.now() + 20_000;
      let listed = await listedOperations(page, document.slug);
      while (listed.length < expected.length && Date.now() < deadline) {
        await page.waitForTimeout(250);
        listed = await listedOperations(page, document.slug);
      }
      expect([...new Set(listed)].sort()).toEqual(expected);
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(SCREENSHOTS, `docs-reference-${document.slug}.png`), animations: 'disabled' });
    }
    // An operation's own section renders: the retry-now endpoint of this work, with its description.
    await page.getByRole('button', { name: current }).first().click();
    await page.getByRole('option', { name: 'REST API (/v1)' }).click();
    await page.locator('[data-sidebar-id="rest/tag/webhooks/POST/v1/webhook_deliveries/{id}/retry_now"]').first().click();
    await page.getByText('The delivery’s scheduled retry is made due at once').first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-reference-operation.png'), animations: 'disabled' });
    expect(outside).toEqual([]);
    expect(refusals).toEqual([]);
  });

  it('serves the quick start in the same frame, with the listener and typed answers, and links /docs from the bar', async () => {
    const page = await openPage('/docs/quickstart');
    await page.getByRole('heading', { name: 'Quick start' }).waitFor();
    for (const text of ['npm run listen -- --forward-to', 'output_schema', 'svc_test_', 'Idempotency-Key'])
      await expect(page.getByText(text).first().isVisible()).resolves.toBe(true);
    await screenshots(page, 'docs-quickstart', { lightOnly: true });
    await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'API reference' }).click();
    await page.locator('[data-sidebar-id^="rest/tag/"]').first().waitFor({ timeout: 30_000 });
    expect(outside).toEqual([]);
    expect(refusals).toEqual([]);
  });

  it('serves the bundle from the installed package, cached, and the pages without a key', async () => {
    const bundle = await fetch(`${services.baseUrl}/docs/assets/api-reference.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
    const mount = await (await fetch(`${services.baseUrl}/docs/assets/mount.js`)).text();
    expect(mount).toContain('"withDefaultFonts": false');
    expect(mount).toContain('"telemetry": false');
    expect((await fetch(`${services.baseUrl}/docs/nope`)).status).toBe(404);
  });
});
