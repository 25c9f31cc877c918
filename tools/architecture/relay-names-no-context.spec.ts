import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const IMPORT = /(?:from|import|require\()\s*['"](@eh\/[^'"/]+)/g;

/** The relay's own code: it publishes what the contexts declare (their modules' `busCopies`), naming none of them. */
const RELAY_CODE = ['libs/event-store/src/relay', 'apps/relay', 'libs/runtime/src/relay.module.ts'];

function* sourceFiles(entry: string): Generator<string> {
  const full = path.join(ROOT, entry);
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(full)) {
    if (child !== 'node_modules') yield* sourceFiles(path.join(entry, child));
  }
}

/** `@eh/<name>` of every lib whose project is a bounded context (scope other than shared). */
function contextLibs(): Set<string> {
  const names = new Set<string>();
  for (const lib of fs.readdirSync(path.join(ROOT, 'libs'))) {
    const projectFile = path.join(ROOT, 'libs', lib, 'project.json');
    if (!fs.existsSync(projectFile)) continue;
    const project = JSON.parse(fs.readFileSync(projectFile, 'utf8')) as { name: string; tags?: string[] };
    if (project.tags?.includes('type:lib')) names.add(project.name);
  }
  return names;
}

describe('The relay names no context', () => {
  it('imports no context lib: the copies it publishes are declared by the contexts’ modules', () => {
    const contexts = contextLibs();
    expect(contexts.has('@eh/delivery')).toBe(true);
    const found: string[] = [];
    for (const entry of RELAY_CODE) {
      for (const file of sourceFiles(entry)) {
        if (!/\.tsx?$/.test(file)) continue;
        for (const [, specifier] of fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORT)) {
          if (contexts.has(specifier)) found.push(`${file} → ${specifier}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
