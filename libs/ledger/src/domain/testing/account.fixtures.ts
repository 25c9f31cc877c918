/** Shared data for the account decider specs: one workspace, a clock in seconds from T0. */
import type { AccountEvent, AccountPlan } from '@eh/contracts';
import { STANDARD_PLAN } from '../account-plan';
import type { AccountCommand } from '../account.commands';
import { decideAccount } from '../account.decider';
import { foldAccount } from '../account.evolve';
import type { AccountState, OpenAccount } from '../account.state';

export const WS = 'ws_01JLEDGERWORKSPACE0000000';
export const T0 = '2026-03-01T00:00:00.000Z';
export const at = (seconds: number): string => new Date(Date.parse(T0) + seconds * 1000).toISOString();
export const DAY = 86_400;
export const dep = (n: number): string => `dep_01JLEDGERDEPLOYMENT${String(n).padStart(7, '0')}`;

/** A plan with room to see every rule: 1,000 credits per 30-day cycle, 3 in flight. */
export const TEAM: AccountPlan = { name: 'team', cycle_cap_credits: 1000, cycle_days: 30, in_flight_limit: 3 };

/** The first command of an account opens it on the standard plan; this is the history after `change_plan` to `plan`. */
export function openedWith(plan: AccountPlan = TEAM, topup = 0): AccountEvent[] {
  const history: AccountEvent[] = [
    { type: 'account.opened', data: { workspace_id: WS, plan: STANDARD_PLAN, cycle_start: T0, cycle_end: at(30 * DAY), allowance_granted: 0, opened_at: T0 } },
  ];
  if (plan !== STANDARD_PLAN) {
    history.push({
      type: 'account.plan_changed',
      data: { workspace_id: WS, plan, previous_plan: STANDARD_PLAN, allowance_adjustment: plan.cycle_cap_credits, changed_at: T0 },
    });
  }
  if (topup > 0) history.push({ type: 'account.credits_granted', data: { workspace_id: WS, credits: topup, note: '', reference: null, granted_at: T0 } });
  return history;
}

export const reserveCmd = (n: number, amount: number, now = at(10), ttlSeconds = 60): AccountCommand => ({
  type: 'reserve',
  workspaceId: WS,
  deploymentId: dep(n),
  amount,
  expiresAt: new Date(Date.parse(now) + ttlSeconds * 1000).toISOString(),
  now,
});

/** given(history).when(command) → the events, and the history after them. */
export function run(history: readonly AccountEvent[], command: AccountCommand): { events: AccountEvent[]; after: AccountEvent[] } {
  const events = decideAccount(command, foldAccount(history));
  return { events, after: [...history, ...events] };
}

export function openState(history: readonly AccountEvent[]): OpenAccount {
  const state: AccountState = foldAccount(history);
  if (state.status !== 'open') throw new Error('expected an open account');
  return state;
}

/** Applies commands in order, each on the history the previous ones left. */
export function history(start: readonly AccountEvent[], ...commands: AccountCommand[]): AccountEvent[] {
  return commands.reduce<AccountEvent[]>((events, command) => run(events, command).after, [...start]);
}

/** A command without its workspace and with an optional time (default 20 s after T0). */
export type CommandInput = AccountCommand extends infer C ? (C extends AccountCommand ? Omit<C, 'workspaceId' | 'now'> & { now?: string } : never) : never;
export const cmd = (command: CommandInput): AccountCommand => ({ workspaceId: WS, now: at(20), ...command }) as AccountCommand;
