import { accountStreamName, type AccountEvent } from '@eh/contracts';
import { handleCommand, type CommandContext, type CommandResult, type EventStore } from '@eh/event-store';
import type { LedgerPolicy } from '../domain/account-plan';
import type { AccountCommand } from '../domain/account.commands';
import { accountDecider } from '../domain/account.decider';
import type { AccountState } from '../domain/account.state';

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
