import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Expert } from '@expert-handoff/sdk';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';

/** The roster is twenty to forty experts: one page of 100 holds it, so `limit` defaults to the API's maximum. */
const DEFAULT_LIMIT = 100;

const inputSchema = {
  limit: z.number().int().min(1).max(100).optional().describe(`Optional, 1 to 100 (default ${DEFAULT_LIMIT}): experts per page.`),
  cursor: z.string().optional().describe('Optional: next_cursor from a previous call, to read the following page.'),
};

const expertShape = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  skills: z.array(z.string()).describe('Tags usable in service.deploy_specialist `skills`.'),
  tenure_years: z.number(),
  median_turnaround_minutes: z.number(),
  availability: z.string().describe('"online" experts take work now; others (busy, offline) do not.'),
  rate_credits_per_hour: z.number(),
});

const outputSchema = {
  experts: z.array(expertShape),
  skills: z.array(z.string()).describe('Every skill tag on this page, sorted: the tags to choose from for deploy_specialist.'),
  online_skills: z.array(z.string()).describe('The tags covered by at least one online expert on this page.'),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
};

export function registerListSpecialistsTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.list_specialists',
    {
      title: 'List the expert roster',
      description:
        'Lists the active roster of human experts (name, role, skills, availability, median turnaround, rate) and the skill tags to use in service.deploy_specialist. Experts are never contacted directly: hand work to them with service.deploy_specialist.',
      inputSchema,
      outputSchema,
      annotations: TOOL_EFFECTS.reads,
    },
    apiTool(async (args, extra) => {
      const body = await context.api().experts.list({ limit: args.limit ?? DEFAULT_LIMIT, cursor: args.cursor }, { signal: extra.signal });
      const experts = body.data.map(toExpert);
      const skills = tagsOf(experts);
      const onlineSkills = tagsOf(experts.filter((e) => e.availability === 'online'));
      const lines = [
        `${experts.length} expert(s)${body.next ? ' on this page (more with next_cursor)' : ''}, ${experts.filter((e) => e.availability === 'online').length} online.`,
        `Skill tags available now: ${onlineSkills.join(', ') || '(none)'}.`,
        ...experts.map(
          (e) =>
            `- ${e.name}, ${e.role} [${e.availability}]: ${e.skills.join(', ')}; ~${e.median_turnaround_minutes} min median, ${e.rate_credits_per_hour} credits/h`,
        ),
      ];
      return toolSuccess({ experts, skills, online_skills: onlineSkills, next_cursor: body.next }, lines.join('\n'));
    }),
  );
}

/** Field by field: fields the API adds later must not break clients validating the outputSchema. */
function toExpert(e: Expert): z.infer<typeof expertShape> {
  return {
    id: e.id,
    name: e.name,
    role: e.role,
    skills: e.skills,
    tenure_years: e.tenure_years,
    median_turnaround_minutes: e.median_turnaround_minutes,
    availability: e.availability,
    rate_credits_per_hour: e.rate_credits_per_hour,
  };
}

function tagsOf(experts: readonly { skills: readonly string[] }[]): string[] {
  return [...new Set(experts.flatMap((e) => e.skills))].sort();
}
