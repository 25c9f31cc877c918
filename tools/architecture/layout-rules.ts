/**
 * How a context lib is laid out, and what the relay may reach (docs/architecture.md "One layout
 * per context"). Pure functions over paths and sources, so layout.spec.ts can run them on the
 * repository and on a made-up tree that breaks each rule.
 */
import type { Project, SourceFile } from './boundary-rules';

/** The folders a context lib's `src/` may hold; beside them only index.ts, <context>.module.ts and <context>.runtime.ts. */
export const CONTEXT_FOLDERS: readonly string[] = ['domain', 'application', 'adapters', 'reactors'];

/** Where the relay's code lives: it publishes every context's events, so it may name none of them. */
const RELAY_PATHS: readonly RegExp[] = [/^libs\/event-store\/src\/relay\//, /^apps\/relay\//, /^libs\/runtime\/src\/relay[^/]*\.ts$/];

const IMPORT = /(?:from|import|require\()\s*['"]([^'"]+)['"]/g;
/** `const x: Decider<…>`, `const f: StreamFold<…>`, or a function returning a Decider. */
const DECIDER_DECLARATION = /\b(?:const|let)\s+\w+\s*:\s*(?:Decider|StreamFold)<|\)\s*:\s*Decider</;
const isTest = (path: string): boolean => /\.(spec|int|e2e)\.ts$/.test(path);
const contextLibs = (projects: readonly Project[]): Project[] =>
  projects.filter((project) => project.root.startsWith('libs/') && project.tags.includes('type:lib'));
const contextName = (project: Project): string => project.root.split('/')[1];

/** Entries directly under a context lib's `src/` that are none of the layout's. */
export function layoutViolations(projects: readonly Project[], paths: readonly string[]): string[] {
  const found = new Set<string>();
  for (const project of contextLibs(projects)) {
    const name = contextName(project);
    const allowed = new Set([...CONTEXT_FOLDERS, 'index.ts', `${name}.module.ts`, `${name}.runtime.ts`]);
    for (const path of paths) {
      if (!path.startsWith(`${project.root}/src/`)) continue;
      const entry = path.slice(`${project.root}/src/`.length).split('/')[0];
      if (!allowed.has(entry)) found.add(`${project.root}/src/${entry}: a context's src/ holds only ${[...allowed].join(', ')}`);
    }
  }
  return [...found];
}

/**
 * Decider objects declared outside a context's `domain/` (a twin of the domain file), and
 * `@ContextRuntime()` providers anywhere but `src/<context>.runtime.ts`.
 */
export function placementViolations(projects: readonly Project[], files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const project of contextLibs(projects)) {
    const runtimeFile = `${project.root}/src/${contextName(project)}.runtime.ts`;
    for (const file of files) {
      if (!file.path.startsWith(`${project.root}/src/`) || isTest(file.path)) continue;
      const inDomain = file.path.startsWith(`${project.root}/src/domain/`);
      const fileName = file.path.split('/').pop() ?? '';
      if (!inDomain && /decider/i.test(fileName)) found.push(`${file.path}: a decider file lives in domain/ (no twin beside it)`);
      else if (!inDomain && DECIDER_DECLARATION.test(file.source))
        found.push(`${file.path}: a decider object is declared in domain/, beside decide and evolve`);
      if (file.path !== runtimeFile && /@ContextRuntime\(\)/.test(file.source)) found.push(`${file.path}: the context's runtime provider is ${runtimeFile}`);
    }
  }
  return found;
}

/** Imports of a context lib from the relay's code. */
export function relayViolations(projects: readonly Project[], files: readonly SourceFile[]): string[] {
  const contexts = new Set(contextLibs(projects).map((project) => project.name));
  const found: string[] = [];
  for (const file of files) {
    if (!RELAY_PATHS.some((pattern) => pattern.test(file.path))) continue;
    for (const [, specifier] of file.source.matchAll(IMPORT)) {
      const name = specifier.split('/').slice(0, 2).join('/');
      const line = `${file.path} → ${name}`;
      if (contexts.has(name)) found.push(`${line}: the relay names no context`);
    }
  }
  return found;
}
