import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { derivedIdempotencyKey } from './idempotency-key';
import { deploymentViewShape, describeDeployment, toDeploymentView } from './deployment.view';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';

const inputSchema = {
  deployment_id: z.string().describe('The deployment id (dep_…) to cancel; only one in status "pending" or "accepted" can be.'),
  reason: z.string().optional().describe('Optional: why, in a sentence; kept on the deployment.'),
};

/** POST /v1/deployments/:id/cancel: releases the reserved credits in full. */
export function registerCancelDeploymentTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.cancel_deployment',
    {
      title: 'Cancel a deployment',
      description:
        'Cancels a deployment that is still "pending" or "accepted" (work has not started); its reserved credits are released in full. Once work started it cannot be cancelled (error deployment_not_cancellable): it runs to completion.',
      inputSchema,
      outputSchema: deploymentViewShape,
      annotations: TOOL_EFFECTS.removes,
    },
    apiTool(async (args, extra) => {
      const key = derivedIdempotencyKey('cancel_deployment', args);
      const cancelled = await context.api().deployments.cancel(args.deployment_id, { reason: args.reason }, { idempotencyKey: key, signal: extra.signal });
      const view = toDeploymentView(context.poller.record(cancelled).deployment);
      return toolSuccess(view, describeDeployment(view));
    }),
  );
}
