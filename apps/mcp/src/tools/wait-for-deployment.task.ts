import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestTaskStore } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { z } from 'zod';
import { ExpertHandoffError, type Deployment, type DeploymentStatus } from '@expert-handoff/sdk';
import { errorDetailsOf } from '../api/api-error';
import { isTerminal } from '../polling/deployment-poller';
import { deploymentViewShape, describeDeployment, toDeploymentView } from './deployment.view';
import type { ToolContext } from './tool-context';
import { toolError, toolSuccess, TOOL_EFFECTS } from './tool-result';

const STATUSES = ['accepted', 'in_progress', 'needs_input', 'completed', 'cancelled', 'expired'] as const;
/** A task outlives no deployment: the reply window and the SLA end every deployment within about a day. */
const DEFAULT_TTL_MS = 26 * 60 * 60_000;

const inputSchema = {
  deployment_id: z.string().describe('The deployment id (dep_…) to wait on.'),
  until: z
    .array(z.enum(STATUSES))
    .optional()
    .describe('The states to wait for (default ["needs_input", "completed"]); a final state (completed, cancelled, expired) always ends the wait.'),
};

/**
 * Long-running waiting the way MCP 2025-11-25 prescribes it: a task. The call answers
 * at once with a task; the wait follows the deployment's live events (not polling), and the
 * result (the deployment, as service.check_deployment returns it) is fetched with tasks/result.
 * Task-only, so no host blocks on it past its timeout; hosts without tasks use
 * service.check_deployment with wait_seconds, or subscribe to the deployment resource.
 */
export function registerWaitForDeploymentTask(server: McpServer, context: ToolContext): void {
  server.experimental.tasks.registerToolTask(
    'service.wait_for_deployment',
    {
      title: 'Wait for a deployment (task)',
      description:
        'Runs as an MCP task: waits, for hours if needed, until the deployment reaches one of `until` (default needs_input or completed) or a final state, then its result is the deployment with its question or output. Call it with task augmentation; without task support, use service.check_deployment with wait_seconds instead.',
      inputSchema,
      outputSchema: deploymentViewShape,
      annotations: TOOL_EFFECTS.reads,
      execution: { taskSupport: 'required' },
    },
    {
      createTask: async (args, extra) => {
        const task = await extra.taskStore.createTask({ ttl: extra.taskRequestedTtl ?? DEFAULT_TTL_MS, pollInterval: 1000 });
        const until = new Set<DeploymentStatus>(args.until ?? ['needs_input', 'completed']);
        void waitInBackground(context, extra.taskStore, task.taskId, args.deployment_id, until);
        return { task };
      },
      getTask: (_args, extra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (_args, extra) => (await extra.taskStore.getTaskResult(extra.taskId)) as ReturnType<typeof toolSuccess>,
    },
  );
}

async function waitInBackground(
  context: ToolContext,
  store: RequestTaskStore,
  taskId: string,
  deploymentId: string,
  until: ReadonlySet<DeploymentStatus>,
): Promise<void> {
  const reached = (d: Deployment): boolean => until.has(d.status) || isTerminal(d.status);
  let stop: (() => void) | null = null;
  let done = false;
  const finish = async (deployment: Deployment): Promise<void> => {
    if (done) return;
    done = true;
    stop?.();
    const view = toDeploymentView(deployment);
    await store.storeTaskResult(taskId, 'completed', toolSuccess(view, describeDeployment(view))).catch(() => undefined);
  };
  try {
    // Watch first, then read: a change between the two is seen either way.
    stop = await context.feed.watch(deploymentId, (event) => {
      if (reached(event.data.object)) void finish(event.data.object);
    });
    if (done) stop();
    const current = await context.api().deployments.retrieve(deploymentId);
    if (reached(current)) await finish(current);
  } catch (error) {
    stop?.();
    if (done) return;
    done = true;
    const result =
      error instanceof ExpertHandoffError
        ? toolError(errorDetailsOf(error))
        : toolError({
            code: 'internal_error',
            message: String(error),
            type: 'api_error',
            status: null,
            param: null,
            request_id: null,
            docs_url: null,
            retry_after_seconds: null,
          });
    await store.storeTaskResult(taskId, 'failed', result).catch(() => undefined);
  }
}
