import { sharedServices } from './shared-services';
import { startWithWorkspace, type ServicesWithWorkspace } from './workspace';

/** The rate limit out of the way: a suite's own calls never meet it. */
const UNLIMITED = { RATE_LIMIT_PER_MINUTE: '100000' };

/**
 * For a `describe` block: shared services and a fresh workspace in them before its first test,
 * the services released after its last. The object it returns is filled in by the time tests run.
 */
export function sharedWorkspaceSuite(workspaceName: string): ServicesWithWorkspace {
  const suite = {} as ServicesWithWorkspace;
  beforeAll(async () => {
    Object.assign(suite, await startWithWorkspace(sharedServices(UNLIMITED), workspaceName));
  });
  afterAll(async () => {
    await suite.services?.stop();
  });
  return suite;
}
