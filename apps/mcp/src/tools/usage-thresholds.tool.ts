import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Usage } from '@expert-handoff/sdk';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';

/** usage.threshold_reached fires at these shares of the cycle cap. */
const PERCENTS = [50, 80, 95] as const;

const outputSchema = {
  cycle_cap_credits: z.number().describe('Credits the plan grants each cycle (0: no cap, so no thresholds).'),
  consumed_credits: z.number().describe('Credits of the cycle allowance used (charged or held): cap − remaining; top-ups carried over make it read low.'),
  thresholds: z
    .array(
      z.object({
        percent: z.number().describe('50, 80 or 95 (% of the cycle cap).'),
        credits: z.number().describe('That share of the cycle cap, in credits.'),
        reached: z.boolean().describe("Whether this cycle's consumption has reached it (usage.threshold_reached fires once per cycle)."),
        credits_left: z.number().describe('Consumption still to go before it is reached (0 once reached).'),
      }),
    )
    .describe('The thresholds at which usage.threshold_reached fires, once each per cycle.'),
  cycle_end: z.string().describe('ISO 8601: when the cycle ends and the thresholds start over.'),
};

/**
 * The 50/80/95 % thresholds of the cycle cap, for an agent gating itself. The REST
 * API has no per-threshold record to read, so they follow from GET /v1/usage (docs/decisions.md).
 */
export function registerUsageThresholdsTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.get_usage_thresholds',
    {
      title: 'Read the usage thresholds',
      description:
        "The thresholds of this cycle's credit cap (50, 80 and 95 %) at which usage.threshold_reached fires: the credits each stands for, whether it was reached and how much is left before it is. Use with service.get_usage to gate live work.",
      outputSchema,
      annotations: TOOL_EFFECTS.reads,
    },
    // A tool without input gets only `extra`, which the SDK's overloads leave for us to name.
    apiTool(async (extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
      const view = thresholdsOf(await context.api().usage.retrieve({ signal: extra.signal }));
      const lines = view.thresholds.map((t) => `- ${t.percent} % (${t.credits} credits): ${t.reached ? 'reached' : `${t.credits_left} credits to go`}`);
      const head =
        view.cycle_cap_credits === 0
          ? 'The plan has no cycle cap, so no thresholds.'
          : `${view.consumed_credits} of ${view.cycle_cap_credits} cycle credits used; cycle ends ${view.cycle_end}.`;
      return toolSuccess(view, [head, ...lines].join('\n'));
    }),
  );
}

export function thresholdsOf(usage: Usage) {
  const cap = usage.plan?.cycle_cap_credits ?? 0;
  const consumed = Math.max(0, cap - usage.credits_remaining);
  const thresholds =
    cap === 0
      ? []
      : PERCENTS.map((percent) => {
          const credits = Math.ceil((cap * percent) / 100);
          return { percent, credits, reached: consumed >= credits, credits_left: Math.max(0, credits - consumed) };
        });
  return { cycle_cap_credits: cap, consumed_credits: consumed, thresholds, cycle_end: usage.cycle_end };
}
