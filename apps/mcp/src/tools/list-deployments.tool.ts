import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { deploymentUri } from '../resources/deployment.resource';
import { deploymentViewShape, toDeploymentView } from './deployment.view';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';

const STATUSES = ['pending', 'accepted', 'in_progress', 'needs_input', 'completed', 'cancelled', 'expired'] as const;

const inputSchema = {
  status: z.array(z.enum(STATUSES)).optional().describe('Only deployments in these states, e.g. ["needs_input"] for those waiting on your reply.'),
  skill: z.string().optional().describe('Only deployments with this skill tag.'),
  created_after: z.string().optional().describe('ISO 8601: only deployments created at or after this time.'),
  limit: z.number().int().min(1).max(100).optional().describe('1 to 100 (default 20).'),
  cursor: z.string().optional().describe('next_cursor of the previous call, for the next page.'),
};

const outputSchema = {
  deployments: z.array(z.object({ ...deploymentViewShape, resource_uri: z.string().describe('Subscribe to it to be told of every change.') })),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
};

/** GET /v1/deployments, most recent first. */
export function registerListDeploymentsTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.list_deployments',
    {
      title: 'List deployments',
      description:
        'Lists this workspace\'s deployments, most recent first, optionally only some states (e.g. ["needs_input"] to find questions waiting for you) or one skill.',
      inputSchema,
      outputSchema,
      annotations: TOOL_EFFECTS.reads,
    },
    apiTool(async (args, extra) => {
      const page = await context.api().deployments.list(args, { signal: extra.signal });
      const deployments = page.data.map((deployment) => ({ ...toDeploymentView(deployment), resource_uri: deploymentUri(deployment.id) }));
      const lines = deployments.map((d) => `- ${d.id} ${d.status} [${d.skills.join(', ')}] created ${d.created_at}`);
      if (lines.length === 0) lines.push('No deployments match.');
      if (page.next) lines.push(`More: call again with cursor "${page.next}".`);
      return toolSuccess({ deployments, next_cursor: page.next }, lines.join('\n'));
    }),
  );
}
