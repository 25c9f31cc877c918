/**
 * The account decider: pure, `now` and ids come with the command.
 * Every command first opens the account if needed (standard plan) and starts the next cycle
 * if the current one has ended; then it decides; then the usage thresholds are checked.
 * A command that changes nothing returns no events at all, so redelivered deployment events,
 * repeated reserves and late sweeps leave no trace.
 */
import { DomainError, type AccountEvent, type Decider, type StreamFold, type CreditReturn, type ReleaseReason } from '@eh/contracts';
import { assertCredits, DEFAULT_POLICY, mergePlan, planPresets, samePlan, type LedgerPolicy } from './account-plan';
import { crossedThresholds, cycleRollover, openingEvent } from './account-cycle.rules';
import type { AccountCommand, ChangePlan, GrantCredits, ReserveCredits, SettleCredits } from './account.commands';
import { evolveAccount, foldAccount } from './account.evolve';
import { creditsRemaining, initialAccountState, inFlight, type AccountState, type OpenAccount, type Reservation } from './account.state';

/** The actor of an operations' command, when it came with one (the audit log shows who). */
const actorOf = (command: GrantCredits | ChangePlan) => (command.actor ? { actor: command.actor } : {});

function reserve(command: ReserveCredits, account: OpenAccount): AccountEvent[] {
  assertCredits(command.amount, 'amount', { allowZero: true });
  // Reservation id = deployment id: a repeated reserve returns the reservation already held.
  if (account.reservations[command.deploymentId]) return [];
  if (Date.parse(command.expiresAt) <= Date.parse(command.now)) throw new DomainError('invalid_request', 'expires_at must be after now', 'expires_at');
  const remaining = creditsRemaining(account);
  if (command.amount > remaining) {
    throw new DomainError(
      'credits_exhausted',
      `this deployment needs ${command.amount} credits and the workspace has ${remaining} left; top up, or wait for the next cycle`,
    );
  }
  if (inFlight(account) >= account.plan.in_flight_limit) {
    throw new DomainError(
      'in_flight_limit_reached',
      `the workspace already has ${account.plan.in_flight_limit} live deployments in flight, the limit of its plan; retry when one ends`,
    );
  }
  // The allowance expires at cycle end and top-ups do not: spend the allowance first.
  const fromAllowance = Math.min(command.amount, account.allowance);
  const data = {
    workspace_id: account.workspaceId,
    deployment_id: command.deploymentId,
    amount: command.amount,
    from_allowance: fromAllowance,
    from_topup: command.amount - fromAllowance,
    expires_at: command.expiresAt,
    reserved_at: command.now,
  };
  return [{ type: 'account.credits_reserved', data }];
}

/** Credits handed back from a reservation, `spent` of them charged (allowance part first). */
function creditReturn(account: OpenAccount, reservation: Reservation, spent: number): CreditReturn {
  const allowanceLeft = reservation.fromAllowance - Math.min(spent, reservation.fromAllowance);
  const topupLeft = reservation.amount - spent - allowanceLeft;
  const sameCycle = reservation.cycleStart === account.cycleStart;
  return { to_allowance: sameCycle ? allowanceLeft : 0, to_topup: topupLeft, expired: sameCycle ? 0 : allowanceLeft };
}

function release(account: OpenAccount, reservation: Reservation, reason: ReleaseReason, now: string): AccountEvent[] {
  const data = {
    workspace_id: account.workspaceId,
    deployment_id: reservation.deploymentId,
    amount: reservation.amount,
    reason,
    ...creditReturn(account, reservation, 0),
    released_at: now,
  };
  return [{ type: 'account.credits_released', data }];
}

/** The reservation is the most a deployment costs: a reported charge above it is recorded as overage, not billed. */
function settle(command: SettleCredits, account: OpenAccount, reservation: Reservation): AccountEvent[] {
  const charged = Math.min(command.reportedCharge, reservation.amount);
  const data = {
    workspace_id: account.workspaceId,
    deployment_id: reservation.deploymentId,
    reserved: reservation.amount,
    reported_charge: command.reportedCharge,
    charged,
    released: reservation.amount - charged,
    overage: Math.max(0, command.reportedCharge - reservation.amount),
    ...creditReturn(account, reservation, charged),
    settled_at: command.now,
  };
  return [{ type: 'account.credits_settled', data }];
}

function grant(command: GrantCredits, account: OpenAccount): AccountEvent[] {
  assertCredits(command.credits, 'credits', { allowZero: false });
  if (command.note.length > 500) throw new DomainError('invalid_request', 'note must be at most 500 characters', 'note');
  if (command.reference !== null && account.grantReferences.includes(command.reference)) return [];
  const data = {
    workspace_id: account.workspaceId,
    credits: command.credits,
    note: command.note,
    reference: command.reference,
    granted_at: command.now,
    ...actorOf(command),
  };
  return [{ type: 'account.credits_granted', data }];
}

/** Takes effect at once; the allowance moves by the change of cap (never below 0); the cycle keeps its dates. */
function changePlan(command: ChangePlan, account: OpenAccount, policy: LedgerPolicy): AccountEvent[] {
  const plan = mergePlan(account.plan, command.changes, planPresets(policy));
  if (samePlan(plan, account.plan)) return [];
  const adjustment = Math.max(-account.allowance, plan.cycle_cap_credits - account.plan.cycle_cap_credits);
  const data = {
    workspace_id: account.workspaceId,
    plan,
    previous_plan: account.plan,
    allowance_adjustment: adjustment,
    changed_at: command.now,
    ...actorOf(command),
  };
  return [{ type: 'account.plan_changed', data }];
}

function decideOpen(command: AccountCommand, account: OpenAccount, policy: LedgerPolicy): AccountEvent[] {
  switch (command.type) {
    case 'open':
    case 'roll_cycle':
      return [];
    case 'reserve':
      return reserve(command, account);
    case 'confirm': {
      const reservation = account.reservations[command.deploymentId];
      if (!reservation || reservation.confirmed) return [];
      return [
        { type: 'account.reservation_confirmed', data: { workspace_id: account.workspaceId, deployment_id: command.deploymentId, confirmed_at: command.now } },
      ];
    }
    case 'release': {
      const reservation = account.reservations[command.deploymentId];
      return reservation ? release(account, reservation, command.reason, command.now) : [];
    }
    case 'release_orphan': {
      const reservation = account.reservations[command.deploymentId];
      if (!reservation || reservation.confirmed) return [];
      // The gateway's own report that its create failed need not wait for the deadline.
      if (command.abandoned !== true && Date.parse(command.now) < Date.parse(reservation.expiresAt)) return [];
      return release(account, reservation, 'orphaned', command.now);
    }
    case 'settle': {
      assertCredits(command.reportedCharge, 'credits_charged', { allowZero: true });
      const reservation = account.reservations[command.deploymentId];
      return reservation ? settle(command, account, reservation) : [];
    }
    case 'grant':
      return grant(command, account);
    case 'change_plan':
      return changePlan(command, account, policy);
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

/** `open` and `roll_cycle` exist for what happens around a command; the others only count if they decide something. */
const HOUSEKEEPING: ReadonlySet<AccountCommand['type']> = new Set(['open', 'roll_cycle']);

export function decideAccount(command: AccountCommand, state: AccountState, policy: LedgerPolicy = DEFAULT_POLICY): AccountEvent[] {
  // Only operations, reserves and the workspace reactor open accounts; the sweeps never do.
  if (state.status === 'unopened' && !['open', 'reserve', 'grant', 'change_plan'].includes(command.type)) return [];
  const opening = state.status === 'unopened' ? [openingEvent(command.workspaceId, policy.standardPlan, command.now)] : [];
  const opened = foldAccount(opening, state) as OpenAccount;
  const rollover = cycleRollover(opened, command.now);
  const current = foldAccount(rollover, opened) as OpenAccount;
  const decided = decideOpen(command, current, policy);
  if (decided.length === 0 && !HOUSEKEEPING.has(command.type)) return [];
  const thresholds = crossedThresholds(foldAccount(decided, current) as OpenAccount, command.now);
  return [...opening, ...rollover, ...decided, ...thresholds];
}

/** An account's fold does not depend on the plan policy; only deciding does. */
export const accountFold: StreamFold<AccountEvent, AccountState> = { initialState: initialAccountState, evolve: evolveAccount };

export const accountDecider = (policy: LedgerPolicy): Decider<AccountCommand, AccountEvent, AccountState> => ({
  ...accountFold,
  decide: (command, state) => decideAccount(command, state, policy),
});
