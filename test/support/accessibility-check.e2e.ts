/**
 * The accessibility check the console suites rely on finds what it should: a page it passes is
 * clean because axe found nothing, not because axe never ran. A dark-only contrast failure shows
 * the colour rules run in the dark scheme too.
 */
import { accessibilityViolations, launchBrowser, type ConsoleBrowser } from './browser';

const CLEAN = '<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Fine</h1><p>Plain text.</p></main></body></html>';
const FLAWED = `<!doctype html><html lang="en"><head><title>Flawed</title>
  <style>@media (prefers-color-scheme: dark) { body { background: #000; } .faint { color: #111; } }</style></head>
  <body><main><h1>Flawed</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"><p class="faint">Hard to read in dark.</p></main></body></html>`;

describe('the accessibility check', () => {
  let browser: ConsoleBrowser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('finds nothing on a clean page, and a missing alt in light and a low contrast only in dark on a flawed one, twice on the same document', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.setContent(CLEAN);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setContent(FLAWED);
    for (let round = 0; round < 2; round++) {
      const ids = (await accessibilityViolations(page)).map((finding) => finding.id).sort();
      expect(ids).toEqual(['color-contrast (dark)', 'image-alt (light)']);
    }
  });
});
