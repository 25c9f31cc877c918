import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const IMPORT = /(?:from|import|require\()\s*['"]([^'"]+)['"]/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

/** The top-level folder and project a file or a resolved import belongs to, e.g. `apps/gateway`. */
function projectOf(file: string): string {
  return path.relative(ROOT, file).split(path.sep).slice(0, 2).join('/');
}

function crossings(top: 'apps' | 'libs'): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(ROOT, top))) {
    const own = projectOf(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (!specifier.startsWith('.')) continue;
      const target = projectOf(path.resolve(path.dirname(file), specifier));
      // Relative imports stay inside their own project (or reach the shared test support);
      // other projects are reached through @eh/* aliases.
      if (target !== own && !target.startsWith('test/')) found.push(`${path.relative(ROOT, file)} → ${specifier}`);
    }
  }
  return found;
}

/** STYLE.md "Layout": apps are thin shells over libs; libs never reach into an app. */
describe('module boundaries', () => {
  it('libs import other libs only through their @eh/* alias, and never an app', () => {
    expect(crossings('libs')).toEqual([]);
  });

  it('apps never import another app', () => {
    expect(crossings('apps')).toEqual([]);
  });

  it('no lib imports an app through any path', () => {
    const offenders = [...sourceFiles(path.join(ROOT, 'libs'))].filter((file) => /from ['"][^'"]*apps\//.test(fs.readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
