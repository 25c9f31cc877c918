import type { RunningServices } from './service-harness';
import { undoOnFailure } from './undo-on-failure';

/** A workspace as `ops workspace:create` prints it: its id and one API key per mode. */
export interface Workspace {
  id: string;
  keys: { test: string; live: string };
}

/** A suite's services and the workspace it made in them. */
export interface ServicesWithWorkspace {
  services: RunningServices;
  workspace: Workspace;
}

/** Waits for the services and creates the named workspace in them; stops them again if that fails. */
export async function startWithWorkspace(starting: Promise<RunningServices>, workspaceName: string): Promise<ServicesWithWorkspace> {
  const services = await starting;
  const workspace = await undoOnFailure(
    () => services.ops<Workspace>('workspace:create', '--name', workspaceName),
    () => services.stop(),
  );
  return { services, workspace };
}
