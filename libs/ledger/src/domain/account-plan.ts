import { DomainError, type AccountPlan } from '@eh/contracts';

const DAY_MS = 86_400_000;

/**
 * The plan every account opens on (10 in flight on the standard plan).
 * Its cycle cap is 0: a workspace spends only credits operations granted, never by default.
 */
export const STANDARD_PLAN: AccountPlan = Object.freeze({ name: 'standard', cycle_cap_credits: 0, cycle_days: 30, in_flight_limit: 10 });

/** What configuration decides about accounts; it comes in with every decision, as `now` does. */
export interface LedgerPolicy {
  /** The plan an account opens on (configurable: LEDGER_STANDARD_*); its name is `standard`. */
  standardPlan: AccountPlan;
}

export const DEFAULT_POLICY: LedgerPolicy = Object.freeze({ standardPlan: STANDARD_PLAN });

/** Named starting points; any value can be overridden per account (docs/decisions.md). */
export const planPresets = (policy: LedgerPolicy): Readonly<Record<string, AccountPlan>> => ({ standard: policy.standardPlan });

/** What operations may change; omitted values keep the current plan's (or the named preset's). */
export type PlanChanges = Partial<AccountPlan>;

/** Shortest cycle: one second, so tests can run real cycles. */
const MIN_CYCLE_DAYS = 1 / 86_400;
const MAX_CREDITS = 1_000_000_000;

export function cycleLengthMs(plan: AccountPlan): number {
  return Math.round(plan.cycle_days * DAY_MS);
}

/** The current plan with `changes` applied: a preset's name brings its values, explicit values win. */
export function mergePlan(current: AccountPlan, changes: PlanChanges, presets: Readonly<Record<string, AccountPlan>>): AccountPlan {
  const preset = changes.name !== undefined ? presets[changes.name] : undefined;
  const base = preset ?? current;
  const merged: AccountPlan = {
    name: changes.name ?? current.name,
    cycle_cap_credits: changes.cycle_cap_credits ?? base.cycle_cap_credits,
    cycle_days: changes.cycle_days ?? base.cycle_days,
    in_flight_limit: changes.in_flight_limit ?? base.in_flight_limit,
  };
  assertValidPlan(merged);
  return merged;
}

export function assertValidPlan(plan: AccountPlan): void {
  if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(plan.name)) {
    throw new DomainError('invalid_request', 'plan name must be 1 to 40 lowercase letters, digits, _ or -', 'name');
  }
  if (!Number.isInteger(plan.cycle_cap_credits) || plan.cycle_cap_credits < 0 || plan.cycle_cap_credits > MAX_CREDITS) {
    throw new DomainError('invalid_request', `cycle_cap_credits must be an integer from 0 to ${MAX_CREDITS}`, 'cycle_cap_credits');
  }
  if (!Number.isFinite(plan.cycle_days) || plan.cycle_days < MIN_CYCLE_DAYS || plan.cycle_days > 366) {
    throw new DomainError('invalid_request', 'cycle_days must be a number from 1/86400 (one second) to 366', 'cycle_days');
  }
  // 0 is allowed: it suspends live work without touching credits.
  if (!Number.isInteger(plan.in_flight_limit) || plan.in_flight_limit < 0 || plan.in_flight_limit > 100_000) {
    throw new DomainError('invalid_request', 'in_flight_limit must be an integer from 0 to 100000', 'in_flight_limit');
  }
}

/**
 * A plan whose figures differ from the preset it is named after (operations changed a figure and
 * kept the name): shown as "standard (customised)", so nobody reads the preset's figures into it.
 */
export function isCustomisedPlan(plan: AccountPlan, presets: Readonly<Record<string, AccountPlan>>): boolean {
  const preset = presets[plan.name];
  return preset !== undefined && !samePlan(plan, preset);
}

export function samePlan(a: AccountPlan, b: AccountPlan): boolean {
  return a.name === b.name && a.cycle_cap_credits === b.cycle_cap_credits && a.cycle_days === b.cycle_days && a.in_flight_limit === b.in_flight_limit;
}

export function assertCredits(value: number, field: string, { allowZero }: { allowZero: boolean }): void {
  const min = allowZero ? 0 : 1;
  if (!Number.isInteger(value) || value < min || value > MAX_CREDITS) {
    throw new DomainError('invalid_request', `${field} must be an integer from ${min} to ${MAX_CREDITS}`, field);
  }
}
