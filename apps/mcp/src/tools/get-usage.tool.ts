import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';
import { describeUsage, toUsageView, usageViewShape } from './usage.view';

const inputSchema = {
  threshold_credits: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'Optional: your own floor of credits. The answer says below_threshold = credits_remaining < threshold_credits, so you can stop handing off work before credits run out.',
    ),
};

export function registerGetUsageTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.get_usage',
    {
      title: 'Credit balance and cycle usage',
      description:
        "Returns the workspace's credit balance (remaining, reserved), the billing cycle and how much of it has elapsed, burn rate and forecasted depletion, for gating yourself against a threshold before handing off more work. Test-mode deployments cost no credits. Cheap: call it freely.",
      inputSchema,
      outputSchema: usageViewShape,
      annotations: TOOL_EFFECTS.reads,
    },
    apiTool(async (args, extra) => {
      const body = await context.api().usage.retrieve({ signal: extra.signal });
      const view = toUsageView(body, Date.now(), args.threshold_credits ?? null);
      return toolSuccess(view, describeUsage(view));
    }),
  );
}
