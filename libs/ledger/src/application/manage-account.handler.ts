import { accountStreamName, type AccountPlan, type Actor } from '@eh/contracts';
import { loadAggregate, type EventStore } from '@eh/event-store';
import type { LedgerPolicy, PlanChanges } from '../domain/account-plan';
import { creditsRemaining, creditsReserved, type AccountState } from '../domain/account.state';
import { accountFold } from '../domain/account.decider';
import { runAccountCommand } from './run-account-command';

/** What operations see of an account: the fold of its stream, the truth itself. */
export interface AccountSummary {
  workspace_id: string;
  opened: boolean;
  plan: AccountPlan | null;
  cycle_start: string | null;
  cycle_end: string | null;
  credits_remaining: number;
  allowance: number;
  topup: number;
  credits_reserved: number;
  charged_this_cycle: number;
  deployments_this_cycle: number;
  thresholds_reached: number[];
  reservations: { deployment_id: string; amount: number; confirmed: boolean; expires_at: string }[];
}

export function toAccountSummary(workspaceId: string, state: AccountState): AccountSummary {
  if (state.status !== 'open') {
    const empty = { credits_remaining: 0, allowance: 0, topup: 0, credits_reserved: 0, charged_this_cycle: 0, deployments_this_cycle: 0 };
    return { workspace_id: workspaceId, opened: false, plan: null, cycle_start: null, cycle_end: null, ...empty, thresholds_reached: [], reservations: [] };
  }
  return {
    workspace_id: workspaceId,
    opened: true,
    plan: state.plan,
    cycle_start: state.cycleStart,
    cycle_end: state.cycleEnd,
    credits_remaining: creditsRemaining(state),
    allowance: state.allowance,
    topup: state.topup,
    credits_reserved: creditsReserved(state),
    charged_this_cycle: state.chargedThisCycle,
    deployments_this_cycle: state.deploymentsThisCycle,
    thresholds_reached: [...state.thresholdsReached],
    reservations: Object.values(state.reservations).map((r) => ({
      deployment_id: r.deploymentId,
      amount: r.amount,
      confirmed: r.confirmed,
      expires_at: r.expiresAt,
    })),
  };
}

export async function showAccount(store: EventStore, workspaceId: string): Promise<AccountSummary> {
  const { state } = await loadAggregate(store, accountStreamName(workspaceId), accountFold);
  return toAccountSummary(workspaceId, state);
}

export interface OperatorContext {
  now: Date;
  requestId: string;
  policy: LedgerPolicy;
  /** Who asks: recorded on the event for the workspace's audit log. */
  actor?: Actor;
}

/** A top-up by operations; `reference` makes a repeated grant a no-op. */
export async function grantCredits(
  store: EventStore,
  workspaceId: string,
  grant: { credits: number; note: string; reference: string | null },
  context: OperatorContext,
): Promise<AccountSummary> {
  const result = await runAccountCommand(
    store,
    { type: 'grant', workspaceId, ...grant, now: context.now.toISOString(), ...(context.actor ? { actor: context.actor } : {}) },
    { correlationId: context.requestId, causationId: null },
    context.policy,
  );
  return toAccountSummary(workspaceId, result.state);
}

export async function changePlan(store: EventStore, workspaceId: string, changes: PlanChanges, context: OperatorContext): Promise<AccountSummary> {
  const result = await runAccountCommand(
    store,
    { type: 'change_plan', workspaceId, changes, now: context.now.toISOString(), ...(context.actor ? { actor: context.actor } : {}) },
    { correlationId: context.requestId, causationId: null },
    context.policy,
  );
  return toAccountSummary(workspaceId, result.state);
}
