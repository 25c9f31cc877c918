import { accountStreamName, type AccountEvent } from '@eh/contracts';
import { handleCommand, LruSnapshotCache, NO_RETRY, type CommandContext, type CommandResult, type EventStore } from '@eh/event-store';
import type { LedgerPolicy } from '../domain/account-plan';
import type { AccountCommand } from '../domain/account.commands';
import type { AccountState } from '../domain/account.state';
import { accountDecider } from '../domain/account.decider';
import { runAccountCommand } from './run-account-command';

/** Runs one account command to its end (decided, appended or refused); how the state is loaded is the runner's. */
export type AccountRunner = (
  command: AccountCommand,
  context: Omit<CommandContext, 'workspaceId' | 'now'>,
) => Promise<CommandResult<AccountEvent, AccountState>>;

/** Folds the whole stream each time: for operations' rare commands. */
export const directAccountRunner =
  (store: EventStore, policy: LedgerPolicy): AccountRunner =>
  (command, context) =>
    runAccountCommand(store, command, context, policy);

const MAX_ACCOUNTS = 10_000;

/**
 * The ledger's runner: handleCommand with each account's folded state kept, so a reserve reads
 * only the events appended since and costs the same on a stream of 10 events or 100,000. It
 * does not retry a version conflict itself: the ledger's AccountSerializer retries the whole
 * work around it with the one conflict policy, and the next attempt catches up from the store.
 */
export class CachedAccountRunner {
  private readonly snapshots = new LruSnapshotCache<AccountState>(MAX_ACCOUNTS);

  constructor(
    private readonly store: EventStore,
    private readonly policy: LedgerPolicy,
  ) {}

  readonly run: AccountRunner = (command, context) =>
    handleCommand(
      this.store,
      accountDecider(this.policy),
      accountStreamName(command.workspaceId),
      command,
      { ...context, workspaceId: command.workspaceId, now: command.now },
      {
        snapshots: this.snapshots,
        retry: NO_RETRY,
      },
    );
}
