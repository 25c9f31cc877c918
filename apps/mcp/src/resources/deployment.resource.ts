import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ExpertHandoffError } from '@expert-handoff/sdk';
import { errorDetailsOf } from '../api/api-error';
import { toDeploymentView } from '../tools/deployment.view';
import type { ToolContext } from '../tools/tool-context';

/** `deployment://dep_…`: one deployment, as service.check_deployment returns it (JSON). */
export const DEPLOYMENT_URI_TEMPLATE = 'deployment://{deployment_id}';
export const deploymentUri = (id: string): string => `deployment://${id}`;
const DEPLOYMENT_URI = /^deployment:\/\/(dep_[0-9A-Za-z]+)$/;
/** How many of the latest deployments resources/list offers (the rest are reachable by URI). */
const LISTED = 20;

/**
 * Deployments as MCP resources. A subscriber gets `notifications/resources/updated`
 * for the deployment's URI as each of its events arrives on the gateway's live stream (accepted,
 * needs_input, completed, …), so a host learns of a question or an output without a tool call.
 * Subscriptions belong to this server's session and end with it.
 */
export function registerDeploymentResources(server: McpServer, context: ToolContext): void {
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  server.registerResource(
    'deployment',
    new ResourceTemplate(DEPLOYMENT_URI_TEMPLATE, {
      list: async () => {
        const page = await context.api().deployments.list({ limit: LISTED });
        return {
          resources: page.data.map((deployment) => ({
            uri: deploymentUri(deployment.id),
            name: deployment.id,
            title: `${deployment.status}: ${deployment.brief.slice(0, 60)}`,
            mimeType: 'application/json',
          })),
        };
      },
    }),
    {
      title: 'Deployment',
      description: 'A deployment handed to a human expert: status, question, reply and output. Subscribe to be notified of every change.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const id = String(variables.deployment_id);
      try {
        // The poll gate: an event just recorded by the feed is served as is; else at most one API read per 5 s.
        const snapshot = await context.poller.check(id, { waitSeconds: 0 });
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(toDeploymentView(snapshot.deployment)) }] };
      } catch (error) {
        throw asMcpError(error);
      }
    },
  );

  const subscriptions = new Map<string, () => void>();
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    const uri = request.params.uri;
    const id = DEPLOYMENT_URI.exec(uri)?.[1];
    if (!id) throw new McpError(ErrorCode.InvalidParams, `only deployment resources can be subscribed to (${DEPLOYMENT_URI_TEMPLATE})`);
    if (subscriptions.has(uri)) return {};
    try {
      const stop = await context.feed.watch(id, () => void server.server.sendResourceUpdated({ uri }).catch(() => undefined));
      subscriptions.set(uri, stop);
    } catch (error) {
      throw asMcpError(error);
    }
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscriptions.get(request.params.uri)?.();
    subscriptions.delete(request.params.uri);
    return {};
  });
  const previous = server.server.onclose;
  server.server.onclose = () => {
    for (const stop of subscriptions.values()) stop();
    subscriptions.clear();
    previous?.();
  };
}

function asMcpError(error: unknown): Error {
  if (!(error instanceof ExpertHandoffError)) return error instanceof Error ? error : new Error(String(error));
  const details = errorDetailsOf(error);
  const code = details.code === 'not_found' || details.code === 'invalid_request' ? ErrorCode.InvalidParams : ErrorCode.InternalError;
  return new McpError(code, `${details.code}: ${details.message}`, { error: details });
}
