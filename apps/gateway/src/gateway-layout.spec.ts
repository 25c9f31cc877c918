import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The gateway's one rule for where things go (docs/decisions.md "Shape of the code"): a folder
 * per context holding its endpoints (controller, DTO, OpenAPI description) and its route list,
 * `http/` for what every route shares, `docs/` for the documentation. An audience is a file-name
 * prefix (`admin-`, `expert-`), never a folder.
 */
const SRC = __dirname;
const CONTEXTS = [
  'a2a',
  'attachments',
  'deployments',
  'events',
  'experts',
  'handoffs',
  'identity',
  'ledger',
  'memory',
  'notifications',
  'webhooks',
  'workspaces',
];
const SHARED = ['http', 'docs'];
const ROOT_FILES = ['gateway.app.ts', 'gateway.connections.ts', 'gateway.module.ts', 'gateway-layout.spec.ts', 'main.ts'];

const filesUnder = (directory: string): string[] =>
  readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
const source = (path: string): string => readFileSync(path, 'utf8');

describe('the gateway’s layout', () => {
  it('has a folder per context, one for what every route shares and one for the documentation, nothing else at the top', () => {
    const entries = readdirSync(SRC);
    expect(entries.filter((name) => statSync(join(SRC, name)).isDirectory()).sort()).toEqual([...CONTEXTS, ...SHARED].sort());
    expect(entries.filter((name) => statSync(join(SRC, name)).isFile()).sort()).toEqual([...ROOT_FILES].sort());
  });

  it('keeps a context flat: its endpoints sit side by side, the audience in the file name', () => {
    const nested = CONTEXTS.flatMap((context) =>
      readdirSync(join(SRC, context))
        .filter((name) => statSync(join(SRC, context, name)).isDirectory())
        .map((name) => `${context}/${name}`),
    );
    expect(nested).toEqual([]);
  });

  it('lists each context’s controllers in its own <context>.routes.ts, and only its own', () => {
    const misplaced = [...CONTEXTS, ...SHARED].flatMap((folder) => {
      const routes = filesUnder(join(SRC, folder)).filter((path) => path.endsWith('.routes.ts'));
      return routes.flatMap((path) =>
        [...source(path).matchAll(/from '([^']+\.controller)'/g)]
          .map((match) => match[1])
          .filter((specifier) => specifier.startsWith('..'))
          .map((specifier) => `${relative(SRC, path)} → ${specifier}`),
      );
    });
    expect(misplaced).toEqual([]);
    const controllers = filesUnder(SRC).filter((path) => path.endsWith('.controller.ts'));
    const listed = new Set(
      filesUnder(SRC)
        .filter((path) => path.endsWith('.routes.ts'))
        .flatMap((path) => [...source(path).matchAll(/from '\.\/([^']+\.controller)'/g)].map((match) => join(path, '..', `${match[1]}.ts`))),
    );
    expect(controllers.filter((path) => !listed.has(path)).map((path) => relative(SRC, path))).toEqual([]);
  });

  it('keeps an endpoint’s OpenAPI description beside its controller', () => {
    const stray = filesUnder(SRC)
      .filter((path) => path.endsWith('.openapi.ts'))
      .filter((path) => !statSync(path.replace(/\.openapi\.ts$/, '.controller.ts'), { throwIfNoEntry: false }) && !path.endsWith('a2a.openapi.ts'))
      .map((path) => relative(SRC, path));
    expect(stray).toEqual([]);
  });

  it('has no hand-written file over 300 lines', () => {
    const long = filesUnder(SRC)
      .filter((path) => path.endsWith('.ts'))
      .map((path) => [relative(SRC, path), source(path).split('\n').length] as const)
      .filter(([, lines]) => lines > 300);
    expect(long).toEqual([]);
  });
});
