import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/**
 * A prompt that walks a model through a good brief: the API's rules (prose, 2 to 3
 * sentences, skill tags from the roster, urgency only through `urgency`, no deadlines or
 * routing hints in the text) and a quote before committing credits.
 */
export function registerHandoffBriefPrompt(server: McpServer): void {
  server.registerPrompt(
    'service.write_brief',
    {
      title: 'Write a good brief for a human expert',
      description: 'Guides you through turning a task into a brief an expert can act on, choosing skill tags and urgency, quoting it and handing it off.',
      argsSchema: {
        task: z.string().describe('What you want done, in your own words.'),
        audience: z.string().optional().describe('Who the result is for, if known.'),
        constraints: z.string().optional().describe('Anything the expert must respect (length, tone, format).'),
      },
    },
    ({ task, audience, constraints }) => ({
      description: 'Write, quote and hand off a brief',
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              `I want a human expert to do this: ${task}`,
              ...(audience ? [`It is for: ${audience}`] : []),
              ...(constraints ? [`Constraints: ${constraints}`] : []),
              '',
              'Hand it off well:',
              '1. Call service.list_specialists and pick 1 to 3 skill tags from its `skills` that cover the work; prefer tags in `online_skills`.',
              '2. Write the brief as plain prose, 2 to 3 sentences: the outcome wanted, for whom, and what "done" looks like (format, length). Put no deadline, priority or routing hint in the text; choose `urgency` instead (standard, or priority when it is truly time-critical).',
              '3. Check service.read_brand_memory: the expert reads it anyway, so do not repeat it; add what is missing with service.write_brand_memory only if it will matter again.',
              '4. Call service.quote_deployment with the brief, skills and urgency: if no expert is available, change the skills or urgency; check the credits it would reserve against service.get_usage.',
              '5. Call service.deploy_specialist with the same arguments. Subscribe to the deployment resource (resource_uri) or call service.check_deployment with wait_seconds; answer a question (status needs_input) with service.reply_to_deployment, briefly and specifically.',
            ].join('\n'),
          },
        },
      ],
    }),
  );
}
