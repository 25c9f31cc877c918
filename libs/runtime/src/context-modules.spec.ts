import { DeliveryModule } from '@eh/delivery';
import { DeploymentsModule } from '@eh/deployments';
import { HandoffsModule } from '@eh/handoffs';
import { LedgerModule } from '@eh/ledger';
import { MemoryModule } from '@eh/memory';
import { RoutingModule } from '@eh/routing';
import { ALL_CONTEXT_MODULES, inlineProjections, mountedClosure, projectionsOf, unmountedProjectionGuard } from './context-modules';

/** A process runs exactly the projections of the modules it mounts, and never appends past them. */
describe('mounted context modules', () => {
  const router = [DeploymentsModule, RoutingModule, HandoffsModule];

  it('mounts what the listed modules import, through Nest metadata', () => {
    expect(mountedClosure(router)).toEqual(expect.arrayContaining([DeploymentsModule, RoutingModule, HandoffsModule, MemoryModule]));
    expect(mountedClosure(router)).not.toContain(LedgerModule);
  });

  it('runs the mounted projections only, in their usual order', () => {
    expect(projectionsOf(router).map((projection) => projection.name)).toEqual(
      inlineProjections.map((projection) => projection.name).filter((name) => projectionsOf(router).some((mounted) => mounted.name === name)),
    );
    expect(projectionsOf([LedgerModule]).map((projection) => projection.name)).toEqual(LedgerModule.projections.map((projection) => projection.name));
    expect(projectionsOf(ALL_CONTEXT_MODULES)).toEqual(inlineProjections);
  });

  it('refuses an append whose read model the process does not keep', () => {
    const routerGuard = unmountedProjectionGuard(router);
    expect(() => routerGuard(['deployment.offered', 'handoff.status_changed', 'memory.entry_created'])).not.toThrow();
    // `deployment.created` feeds the ledger's reservations view (the orphan fence): only a process mounting LedgerModule may create.
    expect(() => routerGuard(['deployment.created'])).toThrow(/deployment\.created/);
    expect(() => unmountedProjectionGuard([DeliveryModule])(['account.credits_reserved'])).toThrow(/account\.credits_reserved/);
  });
});
