/**
 * Every context's tables and read models, for integration tests inside a lib that act across
 * contexts. Reached by path, not through `@eh/runtime`, so no lib depends on the runtime that
 * composes it (tools/architecture/module-boundaries.spec.ts; `npx nx graph` stays acyclic).
 */
export { allMigrations, inlineProjections, openDatabase, type Database } from '@eh/runtime';
