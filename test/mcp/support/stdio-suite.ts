import type { RunningServices } from '../../support/service-harness';
import { sharedServices } from '../../support/shared-services';
import { undoOnFailure } from '../../support/undo-on-failure';
import { startWithWorkspace } from '../../support/workspace';
import { connectStdio, type McpSession } from './mcp-client';

/** What a stdio suite works with: the services, and a session acting with its workspace's test key. */
export interface StdioSuite {
  services: RunningServices;
  mcp: McpSession;
}

/** The shared services (rate limit out of the way), a workspace of the name, and an MCP server over stdio acting for it. */
export async function startStdioSuite(workspaceName: string): Promise<StdioSuite> {
  const { services, workspace } = await startWithWorkspace(sharedServices({ RATE_LIMIT_PER_MINUTE: '100000' }), workspaceName);
  return undoOnFailure(
    async () => ({ services, mcp: await connectStdio({ SERVICE_API_KEY: workspace.keys.test, SERVICE_BASE_URL: services.baseUrl }) }),
    () => services.stop(),
  );
}

export async function stopStdioSuite(mcp: McpSession | undefined, services: RunningServices | undefined): Promise<void> {
  await mcp?.close();
  await services?.stop();
}
