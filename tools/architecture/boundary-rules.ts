/**
 * Which project may import which (docs/architecture.md "Who may import whom"). Nx tags every
 * project with a scope (its context, or `scope:shared`) and a layer (`type:…`); the check below
 * stands in for `@nx/enforce-module-boundaries`, which needs ESLint, and runs in `npm test`
 * (module-boundaries.spec.ts).
 */
export type Layer = 'type:app' | 'type:runtime' | 'type:lib' | 'type:adapter' | 'type:domain';

/** Layers a project of each layer may import. Apps never import apps; nothing imports an app. */
export const LAYER_RULES: Record<Layer, readonly Layer[]> = {
  'type:app': ['type:runtime', 'type:lib', 'type:adapter', 'type:domain'],
  // libs/runtime composes the contexts into services: the one lib that may import them all.
  'type:runtime': ['type:lib', 'type:adapter', 'type:domain'],
  'type:lib': ['type:lib', 'type:adapter', 'type:domain'],
  'type:adapter': ['type:adapter', 'type:domain'],
  'type:domain': ['type:domain'],
};

/**
 * The context matrix: the other contexts (type:lib scopes) a context lib may import. A context
 * reads another's pure parts (its decider to fold a stream, its resource shape), never the
 * other way round, so the graph stays acyclic.
 */
export const CONTEXT_MATRIX: Record<string, readonly string[]> = {
  'scope:deployments': [],
  'scope:workspaces': [],
  'scope:ledger': [],
  'scope:identity': [],
  'scope:memory': ['scope:deployments'],
  'scope:handoffs': ['scope:deployments', 'scope:memory'],
  'scope:routing': ['scope:deployments', 'scope:identity', 'scope:notifications'],
  'scope:attachments': ['scope:deployments'],
  'scope:delivery': ['scope:deployments', 'scope:handoffs', 'scope:workspaces', 'scope:attachments'],
  // Push endpoints are checked as webhook URLs are (delivery's URL shape rules).
  'scope:notifications': ['scope:delivery'],
};

/** Shared libs import only those before them here: contracts → platform → event-store → runtime. */
export const SHARED_ORDER: readonly string[] = ['@eh/contracts', '@eh/webhook-signature', '@eh/platform', '@eh/event-store', '@eh/runtime'];

export interface Project {
  name: string;
  /** `apps/gateway`, `libs/deployments`. */
  root: string;
  tags: readonly string[];
}

export interface SourceFile {
  /** Relative to the repository root. */
  path: string;
  source: string;
}

const IMPORT = /(?:from|import|require\()\s*['"]([^'"]+)['"]/g;

const layerOf = (project: Project): Layer | undefined => project.tags.find((tag): tag is Layer => tag in LAYER_RULES);
const scopeOf = (project: Project): string | undefined => project.tags.find((tag) => tag.startsWith('scope:'));

function normalise(parts: string[]): string {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** The project a path belongs to, by its root. */
function projectAt(projects: readonly Project[], path: string): Project | undefined {
  return projects.find((project) => path === project.root || path.startsWith(`${project.root}/`));
}

/** The project an import specifier reaches, or undefined for a package or a path outside every project. */
function importedProject(projects: readonly Project[], file: SourceFile, specifier: string): Project | undefined {
  if (specifier.startsWith('@eh/')) {
    const name = specifier.split('/').slice(0, 2).join('/');
    return projects.find((project) => project.name === name);
  }
  if (!specifier.startsWith('.')) return undefined;
  const directory = file.path.split('/').slice(0, -1);
  return projectAt(projects, normalise([...directory, ...specifier.split('/')]));
}

/** Every import that breaks a rule, as `file → specifier: why`. */
export function boundaryViolations(projects: readonly Project[], files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const project of projects) {
    if (!layerOf(project) || !scopeOf(project))
      found.push(`${project.root}/project.json: tags need a scope:… and one of ${Object.keys(LAYER_RULES).join(', ')}`);
  }
  for (const file of files) {
    const own = projectAt(projects, file.path);
    if (!own) continue;
    const inDomain = own.tags.includes('type:lib') && file.path.startsWith(`${own.root}/src/domain/`);
    for (const [, specifier] of file.source.matchAll(IMPORT)) {
      const target = importedProject(projects, file, specifier);
      const report = (why: string): void => void found.push(`${file.path} → ${specifier}: ${why}`);
      if (inDomain && target && target !== own && !target.tags.includes('type:domain')) report('a domain folder imports only type:domain libs (@eh/contracts)');
      if (inDomain && target === own && specifier.startsWith('.')) {
        const resolved = normalise([...file.path.split('/').slice(0, -1), ...specifier.split('/')]);
        if (!resolved.startsWith(`${own.root}/src/domain/`)) report('a domain folder imports nothing from its own application or adapters');
      }
      if (!target || target === own) continue;
      const [from, to] = [layerOf(own), layerOf(target)];
      if (!from || !to) continue;
      if (!LAYER_RULES[from].includes(to)) {
        report(`${from} may not import ${to}`);
        continue;
      }
      if (from === 'type:lib' && to === 'type:lib') {
        const [fromScope, toScope] = [scopeOf(own) ?? '', scopeOf(target) ?? ''];
        if (!(CONTEXT_MATRIX[fromScope] ?? []).includes(toScope)) report(`${fromScope} may not import ${toScope} (docs/architecture.md matrix)`);
      }
      if (scopeOf(own) === 'scope:shared' && scopeOf(target) === 'scope:shared' && SHARED_ORDER.indexOf(target.name) > SHARED_ORDER.indexOf(own.name)) {
        report(`${own.name} comes before ${target.name} (shared libs: ${SHARED_ORDER.join(' → ')})`);
      }
    }
  }
  return found;
}
