import type { AccountPlan } from '@eh/contracts';
import { cycleLengthMs } from './account-plan';

/** The usage object, plus the plan and the in-flight count (docs/decisions.md). */
export interface UsageResource {
  object: 'usage';
  credits_remaining: number;
  credits_reserved: number;
  cycle_start: string;
  cycle_end: string;
  deployments_this_cycle: number;
  burn_rate_daily: number;
  forecasted_depletion: string | null;
  in_flight: number;
  plan: AccountPlan;
}

export interface UsageInputs {
  plan: AccountPlan;
  cycleStart: string;
  cycleEnd: string;
  creditsRemaining: number;
  creditsReserved: number;
  inFlight: number;
  deploymentsThisCycle: number;
  /** Credits settled (charged) within the burn window ending now. */
  chargedInWindow: number;
  windowDays: number;
}

const DAY_MS = 86_400_000;

/**
 * burn_rate_daily = credits charged in the last `windowDays` days ÷ `windowDays` (2 decimals);
 * forecasted_depletion = now + credits_remaining ÷ burn_rate_daily days, null while nothing burns.
 * Reserved credits are not burnt until settled, and the next cycle's allowance is not foreseen.
 */
export function usageFigures(inputs: UsageInputs, now: string): UsageResource {
  const burn = inputs.chargedInWindow / inputs.windowDays;
  const depletion = burn > 0 ? new Date(Date.parse(now) + Math.round((inputs.creditsRemaining / burn) * DAY_MS)).toISOString() : null;
  return {
    object: 'usage',
    credits_remaining: inputs.creditsRemaining,
    credits_reserved: inputs.creditsReserved,
    cycle_start: inputs.cycleStart,
    cycle_end: inputs.cycleEnd,
    deployments_this_cycle: inputs.deploymentsThisCycle,
    burn_rate_daily: Math.round(burn * 100) / 100,
    forecasted_depletion: depletion,
    in_flight: inputs.inFlight,
    plan: inputs.plan,
  };
}

/**
 * A workspace whose account the ledger has not opened yet (it opens on `workspace.created`):
 * what that account will show, the standard plan's first cycle from the workspace's creation.
 */
export function unopenedUsage(workspaceCreatedAt: string, standardPlan: AccountPlan): UsageResource {
  const end = new Date(Date.parse(workspaceCreatedAt) + cycleLengthMs(standardPlan)).toISOString();
  const inputs: UsageInputs = {
    plan: standardPlan,
    cycleStart: workspaceCreatedAt,
    cycleEnd: end,
    creditsRemaining: 0,
    creditsReserved: 0,
    inFlight: 0,
    deploymentsThisCycle: 0,
    chargedInWindow: 0,
    windowDays: 1,
  };
  return usageFigures(inputs, workspaceCreatedAt);
}
