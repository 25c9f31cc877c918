import type { Type } from '@nestjs/common';
import { DeliveryModule } from '@eh/delivery';
import { DeploymentsModule } from '@eh/deployments';
import { eventStoreMigrations, relayMigrations, type BusCopyDeclaration, type InlineProjection } from '@eh/event-store';
import { HandoffsModule } from '@eh/handoffs';
import { IdentityModule } from '@eh/identity';
import { LedgerModule } from '@eh/ledger';
import { MemoryModule } from '@eh/memory';
import { NotificationsModule } from '@eh/notifications';
import type { Migration } from '@eh/platform';
import { RoutingModule } from '@eh/routing';
import { WorkspacesModule } from '@eh/workspaces';

/** A context lib's Nest module: besides its providers, the read models it keeps and their tables, and the bus copies its consumers read. */
export type ContextModule = Type<unknown> & {
  readonly projections?: readonly InlineProjection[];
  readonly migrations?: readonly Migration[];
  readonly busCopies?: readonly BusCopyDeclaration[];
};

/**
 * Every context, in the order their inline projections run inside an append (the order they
 * always ran in). A process mounts some of them; the tools that act on all contexts (the ops
 * CLI, tests, benches) use them all.
 */
export const ALL_CONTEXT_MODULES: readonly ContextModule[] = [
  WorkspacesModule,
  DeploymentsModule,
  DeliveryModule,
  RoutingModule,
  LedgerModule,
  MemoryModule,
  HandoffsModule,
  IdentityModule,
  NotificationsModule,
];

/** Every schema the services share, applied once (under a lock) by whichever service starts first. */
export const allMigrations: readonly Migration[] = [
  ...eventStoreMigrations,
  ...relayMigrations,
  ...ALL_CONTEXT_MODULES.flatMap((module) => module.migrations ?? []),
];

/** Every bus copy a context declares: the relay publishes them all. */
export const declaredBusCopies: readonly BusCopyDeclaration[] = ALL_CONTEXT_MODULES.flatMap((module) => module.busCopies ?? []);

/** Every inline projection, for tools that append to any context. */
export const inlineProjections: readonly InlineProjection[] = projectionsOf(ALL_CONTEXT_MODULES);

/**
 * The modules a process mounts: those it lists and everything they import, through Nest's own
 * `imports` metadata (HandoffsModule brings MemoryModule, RoutingModule brings DeploymentsModule).
 */
export function mountedClosure(modules: readonly ContextModule[]): ContextModule[] {
  const seen = new Set<ContextModule>();
  const visit = (module: ContextModule): void => {
    if (seen.has(module)) return;
    seen.add(module);
    const imports = (Reflect.getMetadata('imports', module) ?? []) as unknown[];
    for (const imported of imports) if (typeof imported === 'function') visit(imported as ContextModule);
  };
  modules.forEach(visit);
  return [...seen];
}

/**
 * The inline projections of the mounted modules, exactly: a process keeps the read models of
 * the contexts it writes to, in their usual order, and no others.
 */
export function projectionsOf(modules: readonly ContextModule[]): InlineProjection[] {
  const mounted = new Set(mountedClosure(modules));
  const projections = ALL_CONTEXT_MODULES.filter((module) => mounted.has(module)).flatMap((module) => [...(module.projections ?? [])]);
  // Those reading other read models as of this append go last, once the others are current.
  return [...projections.filter((projection) => !projection.readsOtherReadModels), ...projections.filter((projection) => projection.readsOtherReadModels)];
}

/**
 * A guard for the store of a process mounting `modules`: appending an event that a read model
 * of an unmounted context projects would leave that read model stale for its own writer, so
 * the append is refused, loudly, instead (the process must mount that context's module).
 */
export function unmountedProjectionGuard(modules: readonly ContextModule[]): (types: readonly string[]) => void {
  const mounted = new Set(projectionsOf(modules));
  const missing = inlineProjections.filter((projection) => !mounted.has(projection));
  return (types) => {
    for (const type of types) {
      const projection = missing.find((candidate) => candidate.handles.includes(type));
      if (projection) throw new Error(`this process appends ${type} but does not mount the module of the ${projection.name} projection`);
    }
  };
}
