import { accountStreamName, type AccountEvent } from '@eh/contracts';
import { handleCommand, type CommandContext, type CommandResult, type Decider, type EventStore, type StreamFold } from '@eh/event-store';
import type { LedgerConfig } from '@eh/platform';
import type { LedgerPolicy } from '../domain/account-plan';
import type { AccountCommand } from '../domain/account.commands';
import { decideAccount } from '../domain/account.decider';
import { evolveAccount } from '../domain/account.evolve';
import { initialAccountState, type AccountState } from '../domain/account.state';

/** An account's fold does not depend on the plan policy; only deciding does. */
export const accountFold: StreamFold<AccountEvent, AccountState> = { initialState: initialAccountState, evolve: evolveAccount };

export const accountDecider = (policy: LedgerPolicy): Decider<AccountCommand, AccountEvent, AccountState> => ({
  ...accountFold,
  decide: (command, state) => decideAccount(command, state, policy),
});

/** The standard plan from configuration (10 in flight; the cap is 0 unless configured). */
export function ledgerPolicy(config: Pick<LedgerConfig, 'standardCycleCapCredits' | 'standardCycleDays' | 'standardInFlightLimit'>): LedgerPolicy {
  return {
    standardPlan: {
      name: 'standard',
      cycle_cap_credits: config.standardCycleCapCredits,
      cycle_days: config.standardCycleDays,
      in_flight_limit: config.standardInFlightLimit,
    },
  };
}

/**
 * Load → fold → decide → append on `account-<workspace_id>` with the expected revision; a
 * concurrent writer makes it decide again on the new state, so concurrent reserves can never
 * spend the same credit twice.
 */
export function runAccountCommand(
  store: EventStore,
  command: AccountCommand,
  context: Omit<CommandContext, 'workspaceId' | 'now'>,
  policy: LedgerPolicy,
): Promise<CommandResult<AccountEvent, AccountState>> {
  return handleCommand(store, accountDecider(policy), accountStreamName(command.workspaceId), command, {
    ...context,
    workspaceId: command.workspaceId,
    now: command.now,
  });
}
