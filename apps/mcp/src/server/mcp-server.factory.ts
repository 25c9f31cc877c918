import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerCheckDeploymentTool } from '../tools/check-deployment.tool';
import { registerDeploySpecialistTool } from '../tools/deploy-specialist.tool';
import { registerGetUsageTool } from '../tools/get-usage.tool';
import { registerListSpecialistsTool } from '../tools/list-specialists.tool';
import { registerReplyToDeploymentTool } from '../tools/reply-to-deployment.tool';
import type { ToolContext } from '../tools/tool-context';

export const SERVER_INFO = { name: 'expert-handoff', version: '0.1.0' } as const;

/** Read by hosts that pass server instructions to the model: the workflow in four lines. */
const INSTRUCTIONS = [
  'Hand work a human expert should do to service.deploy_specialist (brief + skill tags from service.list_specialists).',
  'Follow the deployment with service.check_deployment and wait_seconds; when its status is needs_input, answer the question with service.reply_to_deployment.',
  'The output arrives with status completed. Check service.get_usage (with threshold_credits) before handing off more live work.',
  'Errors name a code (e.g. credits_exhausted, expert_unavailable, invalid_request) to act on.',
].join('\n');

/**
 * One McpServer per connection (an McpServer serves one transport); they share the REST client
 * and the poll gate in `context`, so the 5 s poll limit holds across every session.
 */
export function createMcpServer(context: ToolContext): McpServer {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  registerDeploySpecialistTool(server, context);
  registerCheckDeploymentTool(server, context);
  registerReplyToDeploymentTool(server, context);
  registerListSpecialistsTool(server, context);
  registerGetUsageTool(server, context);
  return server;
}
