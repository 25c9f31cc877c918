import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import { registerHandoffBriefPrompt } from '../prompts/handoff-brief.prompt';
import { registerDeploymentResources } from '../resources/deployment.resource';
import { registerBrandMemoryTools } from '../tools/brand-memory.tools';
import { registerCancelDeploymentTool } from '../tools/cancel-deployment.tool';
import { registerCheckDeploymentTool } from '../tools/check-deployment.tool';
import { registerDeploySpecialistTool } from '../tools/deploy-specialist.tool';
import { registerGetUsageTool } from '../tools/get-usage.tool';
import { registerListDeploymentsTool } from '../tools/list-deployments.tool';
import { registerListSpecialistsTool } from '../tools/list-specialists.tool';
import { registerOpenHandoffTool } from '../tools/open-handoff.tool';
import { registerQuoteDeploymentTool } from '../tools/quote-deployment.tool';
import { registerReplyToDeploymentTool } from '../tools/reply-to-deployment.tool';
import type { ToolContext } from '../tools/tool-context';
import { registerUsageThresholdsTool } from '../tools/usage-thresholds.tool';
import { registerWaitForDeploymentTask } from '../tools/wait-for-deployment.task';
import { makeToolSchemasPortable } from './portable-tool-schemas';

export const SERVER_INFO = { name: 'expert-handoff', version: '0.2.0' } as const;

/** Read by hosts that pass server instructions to the model: the workflow in a few lines. */
const INSTRUCTIONS = [
  'Hand work a human expert should do to service.deploy_specialist (brief + skill tags from service.list_specialists); service.quote_deployment answers first, without committing, who is available, the credits and the expected times. The prompt service.write_brief guides a good brief.',
  'Follow the deployment by subscribing to its resource (deployment://dep_…; you are notified on every change), with the task tool service.wait_for_deployment, or with service.check_deployment and wait_seconds; when its status is needs_input, answer the question with service.reply_to_deployment.',
  'The output arrives with status completed. Check service.get_usage (with threshold_credits) before handing off more live work.',
  'Errors name a code (e.g. credits_exhausted, expert_unavailable, invalid_request) to act on.',
].join('\n');

/**
 * One McpServer per connection (an McpServer serves one transport); they share the REST client,
 * the poll gate, the event feed and the task store in `context`, so the 5 s poll limit holds
 * across every session and each deployment is followed by one stream.
 */
export function createMcpServer(context: ToolContext, taskStore: TaskStore): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: {
      tools: {},
      resources: { subscribe: true, listChanged: true },
      prompts: {},
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    },
    instructions: INSTRUCTIONS,
    taskStore,
  });
  // The five published tools, names and shapes unchanged.
  registerDeploySpecialistTool(server, context);
  registerCheckDeploymentTool(server, context);
  registerReplyToDeploymentTool(server, context);
  registerListSpecialistsTool(server, context);
  registerGetUsageTool(server, context);

  registerQuoteDeploymentTool(server, context);
  registerCancelDeploymentTool(server, context);
  registerListDeploymentsTool(server, context);
  registerUsageThresholdsTool(server, context);
  registerOpenHandoffTool(server, context);
  registerBrandMemoryTools(server, context);
  registerWaitForDeploymentTask(server, context);
  registerDeploymentResources(server, context);
  registerHandoffBriefPrompt(server);
  makeToolSchemasPortable(server);
  return server;
}
