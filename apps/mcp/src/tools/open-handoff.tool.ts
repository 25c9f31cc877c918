import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { OpenHandoffParams } from '@expert-handoff/sdk';
import { deploymentUri } from '../resources/deployment.resource';
import { derivedIdempotencyKey } from './idempotency-key';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';

const inputSchema = {
  surface: z.string().describe('Where in your product the handoff happens, e.g. "editor.sidebar".'),
  outcome: z.string().describe('The kind of result wanted, as a skill tag (e.g. "copywriting"); routed on unless skills is given.'),
  return: z.string().describe('The name of the artifact to return, e.g. "hero-copy.md".'),
  goal: z.string().describe('What the expert should achieve, in plain prose.'),
  files: z.array(z.string()).optional().describe('Names of the files concerned.'),
  memory_keys: z.array(z.string()).optional().describe('Brand memory keys the expert should read first (see service.read_brand_memory).'),
  policy: z
    .enum(['none', 'save_to_memory'])
    .optional()
    .describe('save_to_memory: the delivered artifact is saved to brand memory as prior-output.<handoff id>.'),
  skills: z.array(z.string()).optional().describe('Skill tags to route on instead of outcome.'),
  urgency: z.enum(['standard', 'priority']).optional().describe('standard (default) or priority.'),
  trigger: z.string().optional().describe('Why the handoff happened, as a tag, e.g. "low_confidence".'),
  metadata: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .optional()
    .describe('Your own flat key/value pairs.'),
};

const outputSchema = {
  id: z.string().describe('Handoff id (hnd_…).'),
  status: z.string().describe('open → in_review → needs_input → ready, or cancelled / expired.'),
  deployment_id: z
    .string()
    .describe(
      'The deployment it opened: follow it with service.check_deployment or subscribe to resource_uri; answer its question with service.reply_to_deployment.',
    ),
  resource_uri: z.string(),
  surface: z.string(),
  artifact: z.string(),
  memory_event: z.boolean(),
};

/** POST /v1/handoffs, the API's second surface. */
export function registerOpenHandoffTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.open_handoff',
    {
      title: 'Open a handoff from your product',
      description:
        'Opens a handoff at the point in your product where human judgment is needed: one expert works on `goal` and returns the artifact named by `return`, reading the brand memory named in memory_keys first. It opens a deployment (deployment_id) you follow like any other. Repeating the same call returns the same handoff.',
      inputSchema,
      outputSchema,
      annotations: TOOL_EFFECTS.creates,
    },
    apiTool(async (args, extra) => {
      const { goal, files, memory_keys, ...rest } = args;
      const body = withoutUndefined({ ...rest, context: withoutUndefined({ goal, files, memory_keys }) });
      const handoff = await context
        .api()
        .handoffs.create(body as OpenHandoffParams, { idempotencyKey: derivedIdempotencyKey('open_handoff', body), signal: extra.signal });
      const deploymentId = String(handoff.deployment_id);
      const view = {
        id: String(handoff.id),
        status: String(handoff.status),
        deployment_id: deploymentId,
        resource_uri: deploymentUri(deploymentId),
        surface: String(handoff.surface),
        artifact: String(handoff.artifact),
        memory_event: handoff.memory_event === true,
      };
      return toolSuccess(
        view,
        `Opened handoff ${view.id} (${view.status}) for "${view.artifact}"; it runs as deployment ${deploymentId}: follow it with service.check_deployment.`,
      );
    }),
  );
}

/** JSON as the tool's arguments give it: undefined members are left out of the body and of its derived key. */
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

function withoutUndefined(fields: Record<string, JsonValue | undefined>): { [key: string]: JsonValue } {
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, JsonValue] => entry[1] !== undefined));
}
