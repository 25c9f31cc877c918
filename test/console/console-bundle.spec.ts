import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(__dirname, '../../dist/console');
const BUDGET_BYTES = 300 * 1024;

/** The scripts index.html loads, and every chunk they import statically (dynamic imports load later). */
function firstLoadChunks(): string[] {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/console\/([^"]+\.js)"/g)].map((match) => match[1]);
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(DIST, file), 'utf8');
    // Static imports only: `import{…}from"./x.js"` and `import"./x.js"`, not `import("./x.js")`.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) visit(path.posix.join(path.posix.dirname(file), match[1]));
  };
  entries.forEach(visit);
  return [...seen];
}

/**
 * The console's first load stays under 300 KB of compressed JavaScript. Measured on
 * the build Jest's global setup makes (tools/console-build.js), gzip level 9 as a server would.
 */
describe('the console bundle (dist/console)', () => {
  it('loads under 300 KB of gzipped JavaScript at first', () => {
    const chunks = firstLoadChunks();
    expect(chunks.length).toBeGreaterThan(0);
    const sizes = chunks.map((file) => ({ file, gzip: gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    process.stdout.write(
      `console first load: ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} chunk(s): ${sizes.map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(1)} KB`).join(', ')}\n`,
    );
    expect(total).toBeLessThan(BUDGET_BYTES);
  });

  it('keeps the editor, markdown renderer and sanitiser out of the first load', () => {
    const firstLoad = firstLoadChunks()
      .map((file) => fs.readFileSync(path.join(DIST, file), 'utf8'))
      .join('\n');
    expect(firstLoad).not.toContain('DOMPurify');
    expect(firstLoad).not.toContain('markdown-it');
  });
});
