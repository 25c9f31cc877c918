import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ReplyParams } from '@expert-handoff/sdk';
import { withReplayed } from '../api/api-client';
import { MAX_WAIT_SECONDS } from '../polling/deployment-poller';
import { derivedIdempotencyKey } from './idempotency-key';
import { deploymentViewShape, describeDeployment, toDeploymentView } from './deployment.view';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';

const inputSchema = {
  deployment_id: z.string().describe('The deployment id (dep_…) whose status is "needs_input".'),
  body: z.string().describe("Your answer to the expert's question: plain prose, markdown supported (at most 20,000 characters)."),
  context_files: z.array(z.string()).optional().describe('Optional: up to 20 more signed https file URLs for the expert.'),
};

const outputSchema = deploymentViewShape;

export function registerReplyToDeploymentTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.reply_to_deployment',
    {
      title: "Answer the expert's question",
      description:
        'Answers the clarifying question of a deployment in status "needs_input" (the question is in service.check_deployment\'s `question`). The expert then resumes work (status "in_progress"). Reply within the deadline shown, or the deployment expires. A deployment in any other status answers the error deployment_not_awaiting_input.',
      inputSchema,
      outputSchema,
      // Repeating the same reply returns the first answer (derived Idempotency-Key), never a second reply.
      annotations: TOOL_EFFECTS.creates,
    },
    apiTool(async (args, extra) => {
      const body: ReplyParams = { body: args.body, context_files: args.context_files };
      const key = derivedIdempotencyKey('reply_to_deployment', { deployment_id: args.deployment_id, ...body });
      const answer = await withReplayed((onResponse) =>
        context.api().deployments.reply(args.deployment_id, body, { idempotencyKey: key, signal: extra.signal, onResponse }),
      );
      // A replay (the host retried this call) carries the stored answer; show where it is now.
      const current = answer.replayed
        ? await context.poller.check(args.deployment_id, { waitSeconds: 0, signal: extra.signal })
        : context.poller.record(answer.body);
      const view = toDeploymentView(current.deployment);
      const lines = [
        answer.replayed ? `This reply was already sent to deployment ${view.id} (a repeated call).` : `Reply sent to deployment ${view.id}.`,
        describeDeployment(view),
        `Follow it with service.check_deployment {"deployment_id": "${view.id}", "wait_seconds": ${MAX_WAIT_SECONDS}}.`,
      ];
      return toolSuccess(view, lines.join('\n'));
    }),
  );
}
