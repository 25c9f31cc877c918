import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { MAX_WAIT_SECONDS, MIN_POLL_INTERVAL_MS, type Snapshot } from '../polling/deployment-poller';
import { deploymentViewShape, describeDeployment, toDeploymentView } from './deployment.view';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';

const inputSchema = {
  deployment_id: z.string().describe('The deployment id (dep_…) returned by service.deploy_specialist.'),
  wait_seconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .optional()
    .describe(
      `Optional, 0 to ${MAX_WAIT_SECONDS} (default 0). Wait up to this long for the deployment to finish or to ask a question, returning as soon as it does; one call with a wait replaces many polls. The API is polled at most once every 5 seconds.`,
    ),
};

const outputSchema = {
  ...deploymentViewShape,
  as_of: z.string().describe('ISO 8601 time the API reported this state (states are re-read at most every 5 s).'),
  waited_seconds: z.number().describe('How long this call waited.'),
};

export function registerCheckDeploymentTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.check_deployment',
    {
      title: 'Check a deployment',
      description:
        'Returns a deployment\'s status; with status "completed", the expert\'s output (markdown body and attachments). Status "needs_input" means the expert asked a question: answer it with service.reply_to_deployment. Use wait_seconds to wait for a change instead of calling repeatedly.',
      inputSchema,
      outputSchema,
      annotations: TOOL_EFFECTS.reads,
    },
    apiTool(async (args, extra) => {
      const waitSeconds = args.wait_seconds ?? 0;
      const progressToken = extra._meta?.progressToken;
      const started = Date.now();
      const snapshot = await context.poller.check(args.deployment_id, {
        waitSeconds,
        signal: extra.signal,
        // Progress while waiting lets hosts that reset their timeout on progress wait longer.
        onPoll: (polled: Snapshot, elapsedMs: number) => {
          if (progressToken === undefined) return;
          void extra
            .sendNotification({
              method: 'notifications/progress',
              params: {
                progressToken,
                progress: Math.min(elapsedMs, waitSeconds * 1000),
                total: waitSeconds * 1000,
                message: `status ${polled.deployment.status}`,
              },
            })
            .catch(() => undefined);
        },
      });
      const view = toDeploymentView(snapshot.deployment);
      const waited = Math.round((Date.now() - started) / 100) / 10;
      const ageSeconds = Math.round((Date.now() - snapshot.fetchedAt) / 1000);
      const lines = [describeDeployment(view)];
      if (view.next_action === 'wait') {
        lines.push(
          `(As of ${ageSeconds} s ago. Call again with wait_seconds ${MAX_WAIT_SECONDS} to wait for the next change; the API is re-read at most every ${MIN_POLL_INTERVAL_MS / 1000} s.)`,
        );
      }
      return toolSuccess({ ...view, as_of: new Date(snapshot.fetchedAt).toISOString(), waited_seconds: waited }, lines.join('\n'));
    }),
  );
}
