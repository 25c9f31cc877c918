import { accountStreamName, type AccountEvent } from '@eh/contracts';
import {
  handleCommand,
  LruSnapshotCache,
  NO_RETRY,
  WrongExpectedVersionError,
  type CommandContext,
  type CommandResult,
  type EventStore,
} from '@eh/event-store';
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
 * The ledger's runner: handleCommand with each account's folded state kept. A kept state is
 * decided on without reading: the append still expects its revision, so if another process
 * wrote since, the append fails as a conflict and the retry (AccountSerializer's, with the one
 * conflict policy) reads what was appended since. Only an append proves the kept state was
 * current, so a decision on it that appends nothing (a refusal such as too few credits, when
 * credits may have been added elsewhere, or nothing to do) is taken again on a read. Each
 * read catches up from the kept state, so it costs the same on a stream of 10 events or 100,000.
 */
export class CachedAccountRunner {
  private readonly snapshots = new LruSnapshotCache<AccountState>(MAX_ACCOUNTS);
  /** Accounts whose kept state lost a conflict: their next command reads first. */
  private readonly doubted = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly policy: LedgerPolicy,
  ) {}

  readonly run: AccountRunner = async (command, context) => {
    const stream = accountStreamName(command.workspaceId);
    const kept = this.doubted.delete(stream) ? undefined : this.snapshots.get(stream);
    try {
      return await handleCommand(
        this.store,
        accountDecider(this.policy),
        stream,
        command,
        { ...context, workspaceId: command.workspaceId, now: command.now },
        { snapshots: this.snapshots, retry: NO_RETRY, ...(kept ? { assumed: kept, onlyAnAppendProvesAssumed: true } : {}) },
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) this.doubted.add(stream);
      throw error;
    }
  };
}
