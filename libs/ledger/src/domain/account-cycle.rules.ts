/**
 * What happens around every command: opening on first use, starting the next cycle when the
 * current one has ended, and the usage thresholds (docs/decisions.md "Ledger").
 */
import { USAGE_THRESHOLDS, type AccountEvent, type AccountPlan } from '@eh/contracts';
import { cycleLengthMs } from './account-plan';
import { consumedThisCycle, creditsRemaining, type OpenAccount } from './account.state';

const iso = (ms: number): string => new Date(ms).toISOString();

/** The first cycle starts when the account opens, with the plan's allowance. */
export function openingEvent(workspaceId: string, plan: AccountPlan, now: string): AccountEvent {
  return {
    type: 'account.opened',
    data: {
      workspace_id: workspaceId,
      plan,
      cycle_start: now,
      cycle_end: iso(Date.parse(now) + cycleLengthMs(plan)),
      allowance_granted: plan.cycle_cap_credits,
      opened_at: now,
    },
  };
}

/**
 * Cycles follow each other back to back from the first one: if several have passed unseen, the
 * one containing `now` starts (the skipped ones would have granted and expired the same
 * allowance). The unused allowance expires; top-ups and open reservations carry over; the new
 * cycle has the current plan's length and cap.
 */
export function cycleRollover(account: OpenAccount, now: string): AccountEvent[] {
  const at = Date.parse(now);
  const end = Date.parse(account.cycleEnd);
  if (at < end) return [];
  const length = cycleLengthMs(account.plan);
  const start = end + Math.floor((at - end) / length) * length;
  return [
    {
      type: 'account.cycle_started',
      data: {
        workspace_id: account.workspaceId,
        cycle_start: iso(start),
        cycle_end: iso(start + length),
        allowance_expired: account.allowance,
        allowance_granted: account.plan.cycle_cap_credits,
        started_at: now,
      },
    },
  ];
}

/**
 * `usage.threshold_reached` for each of 50/80/95 % of the cycle cap that consumption (charged
 * this cycle + held) has reached and that has not fired this cycle. A cap of 0 has no thresholds.
 */
export function crossedThresholds(account: OpenAccount, now: string): AccountEvent[] {
  const cap = account.plan.cycle_cap_credits;
  if (cap === 0) return [];
  const consumed = consumedThisCycle(account);
  return USAGE_THRESHOLDS.filter((threshold) => !account.thresholdsReached.includes(threshold) && consumed * 100 >= threshold * cap).map(
    (threshold): AccountEvent => ({
      type: 'usage.threshold_reached',
      data: {
        workspace_id: account.workspaceId,
        threshold,
        cycle_start: account.cycleStart,
        cycle_end: account.cycleEnd,
        cycle_cap_credits: cap,
        consumed_credits: consumed,
        credits_remaining: creditsRemaining(account),
        reached_at: now,
      },
    }),
  );
}
