import { z } from 'zod';
import type { Usage } from '@expert-handoff/sdk';

/**
 * `service.get_usage`'s structured output: the API's usage object plus the figures an agent gates
 * itself on against a threshold, computed here from the
 * API's own numbers so the agent need not do date arithmetic.
 */
export const usageViewShape = {
  credits_remaining: z.number().describe("Credits available to reserve now (this cycle's allowance plus top-ups)."),
  credits_reserved: z.number().describe('Credits held by live deployments still running.'),
  cycle_start: z.string(),
  cycle_end: z.string(),
  cycle_used_fraction: z.number().describe("Fraction of the billing cycle's time already elapsed, 0 to 1."),
  cycle_cap_credits: z.number().nullable().describe('Credits the plan grants each cycle; null when the API does not say.'),
  credits_remaining_fraction: z
    .number()
    .nullable()
    .describe(
      'credits_remaining ÷ cycle_cap_credits (may exceed 1 with top-ups); null without a cap. Spending ahead of pace when 1 − this > cycle_used_fraction.',
    ),
  deployments_this_cycle: z.number(),
  burn_rate_daily: z.number().describe('Credits charged per day over the last 7 days.'),
  forecasted_depletion: z.string().nullable().describe('When credits run out at the current burn rate; null while nothing burns.'),
  depletes_before_cycle_end: z.boolean().describe('True when forecasted_depletion falls before cycle_end.'),
  in_flight: z.number().nullable().describe('Live deployments holding credits now.'),
  in_flight_limit: z.number().nullable().describe('How many may be in flight at once on the plan.'),
  threshold_credits: z.number().nullable().describe('The threshold_credits argument, echoed.'),
  below_threshold: z.boolean().nullable().describe('credits_remaining < threshold_credits; null without a threshold. When true, stop handing off work.'),
};

export const usageViewSchema = z.object(usageViewShape);
export type UsageView = z.infer<typeof usageViewSchema>;

export function toUsageView(usage: Usage, now: number, thresholdCredits: number | null): UsageView {
  const start = Date.parse(usage.cycle_start);
  const end = Date.parse(usage.cycle_end);
  const cap = usage.plan?.cycle_cap_credits ?? null;
  return {
    credits_remaining: usage.credits_remaining,
    credits_reserved: usage.credits_reserved,
    cycle_start: usage.cycle_start,
    cycle_end: usage.cycle_end,
    cycle_used_fraction: end > start ? round(clamp((now - start) / (end - start))) : 1,
    cycle_cap_credits: cap,
    credits_remaining_fraction: cap ? round(usage.credits_remaining / cap) : null,
    deployments_this_cycle: usage.deployments_this_cycle,
    burn_rate_daily: usage.burn_rate_daily,
    forecasted_depletion: usage.forecasted_depletion,
    depletes_before_cycle_end: usage.forecasted_depletion !== null && Date.parse(usage.forecasted_depletion) < end,
    in_flight: usage.in_flight ?? null,
    in_flight_limit: usage.plan?.in_flight_limit ?? null,
    threshold_credits: thresholdCredits,
    below_threshold: thresholdCredits === null ? null : usage.credits_remaining < thresholdCredits,
  };
}

export function describeUsage(u: UsageView): string {
  const lines = [
    `${u.credits_remaining} credits remaining${u.cycle_cap_credits ? ` of a ${u.cycle_cap_credits}-credit cycle allowance` : ''}, ${u.credits_reserved} reserved by running deployments.`,
    `Cycle ${u.cycle_start} → ${u.cycle_end}: ${Math.round(u.cycle_used_fraction * 100)} % elapsed; ${u.deployments_this_cycle} live deployment(s) this cycle; burn ${u.burn_rate_daily} credits/day.`,
  ];
  if (u.forecasted_depletion)
    lines.push(`At this rate credits run out ${u.forecasted_depletion}${u.depletes_before_cycle_end ? ', before the cycle ends' : ''}.`);
  if (u.in_flight !== null && u.in_flight_limit !== null) lines.push(`${u.in_flight} of ${u.in_flight_limit} live deployments in flight.`);
  if (u.below_threshold !== null) {
    lines.push(
      u.below_threshold
        ? `Below your threshold of ${u.threshold_credits} credits: do not hand off more work.`
        : `At or above your threshold of ${u.threshold_credits} credits.`,
    );
  }
  return lines.join('\n');
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
