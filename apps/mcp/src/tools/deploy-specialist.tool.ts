import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { CreateDeploymentParams } from '@expert-handoff/sdk';
import { withReplayed } from '../api/api-client';
import { MAX_WAIT_SECONDS } from '../polling/deployment-poller';
import { derivedIdempotencyKey } from './idempotency-key';
import { deploymentViewShape, describeDeployment, toDeploymentView } from './deployment.view';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';

/**
 * Content rules (lengths, tag syntax, https) are not repeated here: the API checks them and
 * answers `invalid_request` naming the field, which reaches the agent as a tool error with that
 * code. The schema gives types and the rules in words.
 */
/** The create body's fields, shared with service.quote_deployment (the same body). */
export const deploymentBodyShape = {
  brief: z
    .string()
    .describe('What you need, in plain English prose; 2 to 3 sentences is ideal (at most 20,000 characters). No deadlines or priority hints: use `urgency`.'),
  skills: z
    .array(z.string())
    .describe(
      '1 to 20 skill tags, lowercase (e.g. "copywriting"); use tags from service.list_specialists. With several, routing prefers the expert covering the most.',
    ),
  context_url: z.string().optional().describe('An https URL the expert reads first.'),
  context_files: z.array(z.string()).optional().describe('Up to 20 signed https file URLs (expiring in 24 h, 100 MB in total) the expert may use.'),
  urgency: z
    .enum(['standard', 'priority', 'scheduled'])
    .optional()
    .describe('standard (default; about 4 h median), priority (about 60 min), or scheduled (requires scheduled_for).'),
  scheduled_for: z.string().optional().describe('ISO 8601 time, at least 15 minutes ahead; only with urgency "scheduled".'),
  metadata: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .optional()
    .describe('Your own flat key/value pairs (≤ 50 keys), returned unchanged on the deployment, e.g. {"ticket": "T-42"}.'),
  follow_up_to: z
    .string()
    .optional()
    .describe(
      'Optional: the id of one of your completed deployments (dep_…) this continues. It is offered first to the expert who did that one while they are online, and they see the earlier brief, question, reply and output.',
    ),
  output_schema: z
    .record(z.string(), z.json())
    .optional()
    .describe(
      'Optional: a JSON Schema (2020-12) of an object for a typed answer. The expert fills it, it is validated before delivery, and service.check_deployment returns it as output.data. At most 32 KB and 12 levels deep; local $ref only; e.g. {"type":"object","required":["variants"],"properties":{"variants":{"type":"array","minItems":3,"items":{"type":"string","maxLength":60}}}}.',
    ),
};

const inputSchema = {
  ...deploymentBodyShape,
  idempotency_key: z
    .string()
    .optional()
    .describe(
      'Optional. By default a key is derived from the other arguments, so repeating the same call within 24 h returns the same deployment instead of creating a second one. Pass a new value to deliberately create another deployment with identical arguments.',
    ),
};

const outputSchema = {
  ...deploymentViewShape,
  replayed: z.boolean().describe('True when this call repeated an earlier one (same idempotency key) and got that deployment back.'),
  idempotency_key: z.string().describe('The Idempotency-Key sent to the API.'),
};

export function registerDeploySpecialistTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.deploy_specialist',
    {
      title: 'Hand a task to a human expert',
      description: `Hands a unit of work to one human expert (matched on skills) and returns the new deployment, status "pending". The expert works asynchronously: follow it with service.check_deployment (wait_seconds up to ${MAX_WAIT_SECONDS}); the expert may ask one clarifying question (status needs_input). Live keys reserve credits (see service.get_usage); test keys (svc_test_) get synthesized output and cost nothing.`,
      inputSchema,
      outputSchema,
      annotations: TOOL_EFFECTS.creates,
    },
    apiTool(async (args, extra) => {
      const { idempotency_key: explicitKey, ...fields } = args;
      const body: CreateDeploymentParams = fields;
      const key = explicitKey ?? derivedIdempotencyKey('deploy_specialist', body);
      const answer = await withReplayed((onResponse) => context.api().deployments.create(body, { idempotencyKey: key, signal: extra.signal, onResponse }));
      // A replay carries the stored answer from creation time; show where the deployment is now.
      const current = answer.replayed
        ? await context.poller.check(answer.body.id, { waitSeconds: 0, signal: extra.signal })
        : context.poller.record(answer.body);
      const view = toDeploymentView(current.deployment);
      const lines = [
        answer.replayed
          ? `This call repeated an earlier one (same arguments or idempotency_key): deployment ${view.id} already exists. Pass a new idempotency_key to create another.`
          : `Created deployment ${view.id} (${view.urgency}; ${view.credits_reserved} credits reserved).`,
        describeDeployment(view),
        `Follow it with service.check_deployment {"deployment_id": "${view.id}", "wait_seconds": ${MAX_WAIT_SECONDS}}.`,
      ];
      return toolSuccess({ ...view, replayed: answer.replayed, idempotency_key: key }, lines.join('\n'));
    }),
  );
}
