import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { DeploymentQuote } from '@expert-handoff/sdk';
import { deploymentBodyShape } from './deploy-specialist.tool';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';

const expertShape = z.object({ id: z.string(), name: z.string(), role: z.string() });

const outputSchema = {
  available: z.boolean().describe('Whether service.deploy_specialist with these arguments would find an expert now.'),
  unavailable_reason: z.string().nullable().describe('Why not, when unavailable.'),
  mode: z.enum(['test', 'live']),
  urgency: z.enum(['standard', 'priority', 'scheduled']),
  skills: z.array(z.string()),
  candidate_count: z.number().describe('Online experts covering at least one of the skills.'),
  expert: expertShape.nullable().describe('The expert it would be offered to first.'),
  credits_reserved: z.number().describe('Credits a deployment would reserve now (0 for test keys).'),
  sla_deadline: z.string().describe('ISO 8601: an expert must accept by then.'),
  estimated_acceptance_seconds: z.number().nullable(),
  estimated_completion_seconds: z.number().nullable(),
  quoted_at: z.string(),
};

/** POST /v1/deployments/quote: the figures before commitment, nothing created or reserved. */
export function registerQuoteDeploymentTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.quote_deployment',
    {
      title: 'Quote a hand-off before making it',
      description:
        'Takes the same arguments as service.deploy_specialist and answers, without creating or reserving anything, whether an expert is available for those skills and urgency, who would be offered the work first, the credits it would reserve and the expected time to acceptance and to completion. Use it to choose skills and urgency, or to check the cost, before handing off.',
      inputSchema: deploymentBodyShape,
      outputSchema,
      annotations: TOOL_EFFECTS.reads,
    },
    apiTool(async (args, extra) => {
      const quote = await context.api().deployments.quote(args, { signal: extra.signal });
      return toolSuccess(viewOf(quote), describeQuote(quote));
    }),
  );
}

function viewOf(q: DeploymentQuote): Record<string, unknown> {
  return {
    available: q.available,
    unavailable_reason: q.unavailable_reason,
    mode: q.mode,
    urgency: q.urgency,
    skills: q.skills,
    candidate_count: q.candidate_count,
    expert: q.expert ? { id: q.expert.id, name: q.expert.name, role: q.expert.role } : null,
    credits_reserved: q.credits_reserved,
    sla_deadline: q.sla_deadline,
    estimated_acceptance_seconds: q.estimated_acceptance_seconds,
    estimated_completion_seconds: q.estimated_completion_seconds,
    quoted_at: q.quoted_at,
  };
}

const minutes = (seconds: number | null): string => (seconds === null ? 'unknown' : `about ${Math.max(1, Math.round(seconds / 60))} min`);

function describeQuote(q: DeploymentQuote): string {
  if (!q.available)
    return `No expert is available: ${q.unavailable_reason ?? 'none covers these skills'}. Try other skills (service.list_specialists) or a relaxed urgency.`;
  return [
    `Available: ${q.expert ? `${q.expert.name} (${q.expert.role})` : 'an expert'} would be offered the work first (${q.candidate_count} candidate(s)).`,
    `It would reserve ${q.credits_reserved} credits; acceptance in ${minutes(q.estimated_acceptance_seconds)}, output in ${minutes(q.estimated_completion_seconds)} (SLA deadline ${q.sla_deadline}).`,
    'Nothing was created: hand off with service.deploy_specialist and the same arguments.',
  ].join('\n');
}
