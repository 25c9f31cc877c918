import fs from 'node:fs';
import path from 'node:path';
import { boundaryViolations, type Project, type SourceFile } from './boundary-rules';
import { files, projects, ROOT, sourceFiles } from './repository';

const IMPORT = /(?:from|import|require\()\s*['"]([^'"]+)['"]/g;

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

/** apps are thin shells over libs; libs never reach into an app. */
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

  // Nx tags per context and per layer, and the matrix of docs/architecture.md.
  it('every import follows the layer rules and the context matrix', () => {
    expect(boundaryViolations(projects(), [...files('apps'), ...files('libs')])).toEqual([]);
  });
});

/** The check itself, on a made-up workspace that breaks every rule once. */
describe('boundaryViolations', () => {
  const fixture: Project[] = [
    { name: 'gateway', root: 'apps/gateway', tags: ['scope:gateway', 'type:app'] },
    { name: 'router', root: 'apps/router', tags: ['scope:router', 'type:app'] },
    { name: '@eh/contracts', root: 'libs/contracts', tags: ['scope:shared', 'type:domain'] },
    { name: '@eh/platform', root: 'libs/platform', tags: ['scope:shared', 'type:adapter'] },
    { name: '@eh/event-store', root: 'libs/event-store', tags: ['scope:shared', 'type:adapter'] },
    { name: '@eh/deployments', root: 'libs/deployments', tags: ['scope:deployments', 'type:lib'] },
    { name: '@eh/ledger', root: 'libs/ledger', tags: ['scope:ledger', 'type:lib'] },
    { name: '@eh/memory', root: 'libs/memory', tags: ['scope:memory', 'type:lib'] },
    { name: '@eh/untagged', root: 'libs/untagged', tags: [] },
  ];
  const check = (file: SourceFile) =>
    boundaryViolations(
      fixture.filter((project) => project.tags.length > 0),
      [file],
    );

  it('accepts what the matrix allows', () => {
    expect(
      check({
        path: 'libs/memory/src/application/save.ts',
        source: "import { deploymentDecider } from '@eh/deployments';\nimport { handleCommand } from '@eh/event-store';",
      }),
    ).toEqual([]);
    expect(
      check({
        path: 'libs/deployments/src/domain/decide.ts',
        source: "import type { DeploymentEvent } from '@eh/contracts';\nimport { evolve } from './evolve';",
      }),
    ).toEqual([]);
  });

  it('refuses a context importing one the matrix does not list', () => {
    expect(check({ path: 'libs/deployments/src/application/create.ts', source: "import { reserveCredits } from '@eh/ledger';" })).toEqual([
      'libs/deployments/src/application/create.ts → @eh/ledger: scope:deployments may not import scope:ledger (docs/architecture.md matrix)',
    ]);
  });

  it('refuses a layer importing upwards, an app importing an app, and a shared lib importing a later one', () => {
    expect(check({ path: 'libs/contracts/src/ids.ts', source: "import { createPool } from '@eh/platform';" })).toEqual([
      'libs/contracts/src/ids.ts → @eh/platform: type:domain may not import type:adapter',
    ]);
    expect(check({ path: 'libs/platform/src/x.ts', source: "import { loadAggregate } from '@eh/event-store';" })).toHaveLength(1);
    expect(check({ path: 'libs/event-store/src/x.ts', source: "import { deploymentDecider } from '@eh/deployments';" })).toEqual([
      'libs/event-store/src/x.ts → @eh/deployments: type:adapter may not import type:lib',
    ]);
    expect(check({ path: 'apps/gateway/src/main.ts', source: "import { x } from '../../router/src/main';" })).toEqual([
      'apps/gateway/src/main.ts → ../../router/src/main: type:app may not import type:app',
    ]);
  });

  it('keeps domain folders off adapters and off their own application layer', () => {
    expect(
      check({
        path: 'libs/deployments/src/domain/decide.ts',
        source: "import { SQL } from '@eh/platform';\nimport { createDeployment } from '../application/create';",
      }),
    ).toEqual([
      'libs/deployments/src/domain/decide.ts → @eh/platform: a domain folder imports only type:domain libs (@eh/contracts)',
      'libs/deployments/src/domain/decide.ts → ../application/create: a domain folder imports nothing from its own application or adapters',
    ]);
  });

  it('requires a scope and a layer on every project', () => {
    expect(boundaryViolations(fixture, [])).toEqual([expect.stringContaining('libs/untagged/project.json')]);
  });
});
