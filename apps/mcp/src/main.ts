import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ServiceApiClient } from './api/service-api.client';
import { loadMcpConfig } from './mcp.config';
import { DeploymentPoller } from './polling/deployment-poller';
import { DeploymentEventFeed } from './resources/deployment-event-feed';
import { createMcpServer } from './server/mcp-server.factory';
import type { ToolContext } from './tools/tool-context';
import { startStreamableHttp } from './transports/streamable-http.transport';

/**
 * The service's MCP server: five tools over the REST API. stdio by default (a host
 * starts it from its `mcpServers` config); `--http` or `MCP_TRANSPORT=http` serves Streamable HTTP
 * on 127.0.0.1:`MCP_HTTP_PORT` (3100). stdout belongs to the protocol on stdio: logs go to stderr.
 */
async function main(): Promise<void> {
  const config = loadMcpConfig();
  const api = new ServiceApiClient(config);
  const poller = new DeploymentPoller(async (id) => (await api.getDeployment(id)).body);
  // Every event a subscription receives also refreshes the poll gate, so a read after the notification shows it.
  const context: ToolContext = { api, poller, feed: new DeploymentEventFeed(api, (deployment) => poller.record(deployment)) };
  // Tasks (service.wait_for_deployment) live in this process, shared by its sessions.
  const taskStore = new InMemoryTaskStore();
  const log = (line: string): boolean => process.stderr.write(`expert-handoff mcp: ${line}\n`);
  if (!config.apiKey) log('SERVICE_API_KEY is not set: every tool call will answer authentication_failed');

  if (config.transport === 'stdio') {
    const server = createMcpServer(context, taskStore);
    // The host ends the server by closing stdin; exit then, like every stdio server.
    process.stdin.on('end', () => void server.close().finally(() => process.exit(0)));
    await server.connect(new StdioServerTransport());
    log(`stdio, API ${config.baseUrl}`);
    return;
  }

  const http = await startStreamableHttp(() => createMcpServer(context, taskStore), config.httpHost, config.httpPort);
  log(`Streamable HTTP at ${http.url}, API ${config.baseUrl}`);
  const stop = (): void => void http.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`expert-handoff mcp: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
