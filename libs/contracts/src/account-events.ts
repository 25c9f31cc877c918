/**
 * Events of the `account-<workspace_id>` stream: the workspace's credits (the usage
 * object, the in-flight limit and usage events; docs/decisions.md "Ledger").
 *
 * Credits sit in two buckets: `allowance` (the plan's cycle cap, granted at each cycle start,
 * unused part expires at cycle end) and `topup` (credits granted by operations, carried over).
 * Every event that moves credits says from and to which bucket, so `evolve` and the read model
 * only add and subtract; the policy lives in the decider.
 */

import type { Actor } from './actor';

export const USAGE_THRESHOLDS = [50, 80, 95] as const;
export type UsageThreshold = (typeof USAGE_THRESHOLDS)[number];

/** A named preset or custom values (docs/decisions.md: plans are values, not a catalogue). */
export interface AccountPlan {
  name: string;
  /** Allowance granted at each cycle start; the base of the usage thresholds. */
  cycle_cap_credits: number;
  /** Cycle length; fractions allowed so tests run short cycles. */
  cycle_days: number;
  /** Open reservations (live deployments not yet ended) allowed at once (10 on the standard plan). */
  in_flight_limit: number;
}

export type ReleaseReason = 'cancelled' | 'expired' | 'orphaned';

/** Where credits handed back by a release or settlement go. */
export interface CreditReturn {
  to_allowance: number;
  to_topup: number;
  /** Allowance drawn in an earlier cycle: that cycle's allowance has expired, so this does too. */
  expired: number;
}

export interface AccountOpened {
  type: 'account.opened';
  data: { workspace_id: string; plan: AccountPlan; cycle_start: string; cycle_end: string; allowance_granted: number; opened_at: string };
}

export interface AccountPlanChanged {
  type: 'account.plan_changed';
  /**
   * `allowance_adjustment` = new cap − old cap, never taking the allowance below zero. `actor`
   *: who changed it, for the audit log; absent on earlier events (operations').
   */
  data: { workspace_id: string; plan: AccountPlan; previous_plan: AccountPlan; allowance_adjustment: number; changed_at: string; actor?: Actor };
}

export interface AccountCreditsGranted {
  type: 'account.credits_granted';
  /** `reference`: an operator's id for the grant; a repeated reference grants nothing. `actor` as on a plan change. */
  data: { workspace_id: string; credits: number; note: string; reference: string | null; granted_at: string; actor?: Actor };
}

/** Reservation id = deployment id. `expires_at`: released as an orphan if the deployment never came to exist by then. */
export interface AccountCreditsReserved {
  type: 'account.credits_reserved';
  data: {
    workspace_id: string;
    deployment_id: string;
    amount: number;
    from_allowance: number;
    from_topup: number;
    expires_at: string;
    reserved_at: string;
  };
}

/** The deployment exists (`deployment.created` was appended): no longer an orphan candidate. */
export interface AccountReservationConfirmed {
  type: 'account.reservation_confirmed';
  data: { workspace_id: string; deployment_id: string; confirmed_at: string };
}

export interface AccountCreditsReleased {
  type: 'account.credits_released';
  data: CreditReturn & { workspace_id: string; deployment_id: string; amount: number; reason: ReleaseReason; released_at: string };
}

/**
 * `charged` = min(reported_charge, reserved): the reservation is the most a deployment costs;
 * `overage` = what the expert reported above it, recorded and not billed.
 */
export interface AccountCreditsSettled {
  type: 'account.credits_settled';
  data: CreditReturn & {
    workspace_id: string;
    deployment_id: string;
    reserved: number;
    reported_charge: number;
    charged: number;
    released: number;
    overage: number;
    settled_at: string;
  };
}

export interface AccountCycleStarted {
  type: 'account.cycle_started';
  data: { workspace_id: string; cycle_start: string; cycle_end: string; allowance_expired: number; allowance_granted: number; started_at: string };
}

/**
 * A public event, stored under its public name so the webhooks service delivers it
 * as is. Once per threshold per cycle.
 */
export interface UsageThresholdReached {
  type: 'usage.threshold_reached';
  data: {
    workspace_id: string;
    threshold: UsageThreshold;
    cycle_start: string;
    cycle_end: string;
    cycle_cap_credits: number;
    /** Charged this cycle plus currently reserved. */
    consumed_credits: number;
    credits_remaining: number;
    reached_at: string;
  };
}

export type AccountEvent =
  | AccountOpened
  | AccountPlanChanged
  | AccountCreditsGranted
  | AccountCreditsReserved
  | AccountReservationConfirmed
  | AccountCreditsReleased
  | AccountCreditsSettled
  | AccountCycleStarted
  | UsageThresholdReached;

export type AccountEventType = AccountEvent['type'];

export const ACCOUNT_EVENT_TYPES: readonly AccountEventType[] = [
  'account.opened',
  'account.plan_changed',
  'account.credits_granted',
  'account.credits_reserved',
  'account.reservation_confirmed',
  'account.credits_released',
  'account.credits_settled',
  'account.cycle_started',
  'usage.threshold_reached',
];

export const accountStreamName = (workspaceId: string): string => `account-${workspaceId}`;
