/**
 * A real browser for the console's tests and benchmark: Debian's Chromium driven by
 * playwright-core, with the flags this kind of machine needs: headless,
 * no sandbox as root, and nothing that reaches for the network on its own. Each context starts
 * empty (no profile on disk) and is gone on close.
 */
import fs from 'node:fs';
import path from 'node:path';
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The repo root, whether this file runs from test/support (Jest) or dist/test/support (benchmarks). */
const ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../../..' : '../..');
export const SCREENSHOTS = path.join(ROOT, 'test-output/screenshots');

export interface ConsoleBrowser {
  /** A fresh browser context: its own cookies, like another device. */
  newContext(options?: { width?: number; height?: number; timezoneId?: string }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * One Chromium process per suite, one context per person: a context starts in milliseconds where a
 * browser takes seconds, and contexts share nothing (cookies, storage, cache), as separate devices.
 */
export async function launchBrowser(): Promise<ConsoleBrowser> {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  return {
    async newContext({ width = 1280, height = 900, timezoneId = 'UTC' } = {}) {
      browser ??= await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: 'light', locale: 'en-GB', timezoneId });
      contexts.push(context);
      return context;
    },
    async close() {
      for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
      await browser?.close().catch(() => undefined);
      browser = undefined;
    },
  };
}

/**
 * Removes a suite's pictures from an earlier run, and only its own: suites run side by side and
 * share the folder (the dashboard's are `dashboard-*.png`).
 */
export function clearScreenshots(owns: (file: string) => boolean): void {
  if (!fs.existsSync(SCREENSHOTS)) return;
  for (const file of fs.readdirSync(SCREENSHOTS)) if (owns(file)) fs.rmSync(path.join(SCREENSHOTS, file), { force: true });
}

const VARIANTS = [
  { tag: 'desktop', width: 1280, height: 900 },
  { tag: '360px', width: 360, height: 780 },
] as const;

/**
 * Screenshots of the page as it is now, at desktop width and at 360 px (and `alsoWidths`), in light and (unless
 * `lightOnly`) dark, into test-output/screenshots/<name>-<width>-<scheme>.png. The page is put
 * back to desktop and light afterwards.
 */
export async function screenshots(page: Page, name: string, options: { lightOnly?: boolean; alsoWidths?: readonly number[] } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const schemes = options.lightOnly ? (['light'] as const) : (['light', 'dark'] as const);
  // `alsoWidths`: more phone widths (390 px: a common phone) for a page whose narrow layout is new.
  const variants = [...VARIANTS, ...(options.alsoWidths ?? []).map((width) => ({ tag: `${width}px`, width, height: 844 }))];
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const variant of variants) {
      await page.setViewportSize({ width: variant.width, height: variant.height });
      // Two frames: the new size and scheme are laid out and painted (a string: this file has no DOM types).
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${variant.tag}-${scheme}.png`), fullPage: true, animations: 'disabled' });
    }
  }
  await page.setViewportSize({ width: VARIANTS[0].width, height: VARIANTS[0].height });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
}

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * The rules whose outcome the colour scheme can change: the console's dark scheme only redefines
 * colour properties (apps/console/src/styles.css), so every other rule gives in dark what it gave
 * in light. Running all of them twice was more than half of the dashboard suite's time.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core's violations of any impact (minor and moderate too: a duplicate landmark or content
 * outside every landmark is a defect a screen reader user meets) on the page as it is now: every
 * rule in light, the colour rules in dark too. Only violations are collected: axe otherwise
 * gathers every passing node too (2,355 of them on a page of 60 sections), for 40-60 % more time
 * and nothing we read.
 */
export async function accessibilityViolations(page: Page): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const runOnly = scheme === 'light' ? { type: 'tag' as const, values: AXE_TAGS } : { type: 'rule' as const, values: COLOUR_RULES };
    const results = await runAxe(page, { runOnly, resultTypes: ['violations'] });
    for (const violation of results.violations) {
      findings.push({
        id: `${violation.id} (${scheme})`,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return findings;
}

/**
 * axe.run in the page itself, axe-core's source evaluated once per document. The Playwright
 * wrapper evaluates the 1.3 MB source twice on every analysis, and opens a blank page per
 * analysis to merge frames' results unless in legacy mode: that was most of each check's time,
 * and the console has no frames. (A string, not a function: this file has no DOM types.)
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
  return page.evaluate(`window.axe.run(document, ${JSON.stringify(options)})`) as Promise<AxeResults>;
}
