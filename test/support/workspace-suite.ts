import type { RunningServices } from './service-harness';
import { startWithWorkspace, type ServicesWithWorkspace } from './workspace';

/**
 * For a `describe` block: the services `start` gives and a fresh workspace in them before its
 * first test, the services released after its last. The object it returns is filled in by the time
 * tests run. Callers write their `sharedServices(...)` call themselves: the test sequencer reads it
 * to run files asking for the same stack together.
 */
export function sharedWorkspaceSuite(start: () => Promise<RunningServices>, workspaceName: string): ServicesWithWorkspace {
  const suite = {} as ServicesWithWorkspace;
  beforeAll(async () => {
    Object.assign(suite, await startWithWorkspace(start(), workspaceName));
  });
  afterAll(async () => {
    await suite.services?.stop();
  });
  return suite;
}
