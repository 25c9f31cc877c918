import { accountStreamName, type AccountEvent } from '@eh/contracts';
import { toDomainEvent, toNewEvents, type CommandContext, type CommandResult, type EventStore } from '@eh/event-store';
import type { LedgerPolicy } from '../domain/account-plan';
import type { AccountCommand } from '../domain/account.commands';
import { decideAccount } from '../domain/account.decider';
import { foldAccount } from '../domain/account.evolve';
import { initialAccountState, type AccountState } from '../domain/account.state';
import { runAccountCommand } from './account-decider';

/** Runs one account command to its end (decided, appended or refused); how the state is loaded is the runner's. */
export type AccountRunner = (command: AccountCommand, context: Omit<CommandContext, 'workspaceId' | 'now'>) => Promise<CommandResult<AccountEvent, AccountState>>;

/** Folds the whole stream each time: for operations' rare commands. */
export const directAccountRunner =
  (store: EventStore, policy: LedgerPolicy): AccountRunner =>
  (command, context) =>
    runAccountCommand(store, command, context, policy);

interface Folded {
  state: AccountState;
  /** Revision of the last event folded into `state` (-1: none). */
  revision: number;
}

const MAX_ACCOUNTS = 10_000;

/**
 * The ledger's runner: keeps each account's folded state and reads only the events appended
 * since, so a reserve costs the same on a stream of 10 events or 100,000 (handleCommand folds
 * the whole stream every time). The cache is only a starting point: every append still
 * expects the revision it decided on, and a conflict reads what others appended and decides
 * again, so a stale entry can cost a retry, never a wrong decision.
 */
export class CachedAccountRunner {
  private readonly folded = new Map<string, Folded>();

  constructor(
    private readonly store: EventStore,
    private readonly policy: LedgerPolicy,
  ) {}

  readonly run: AccountRunner = async (command, context) => {
    const stream = accountStreamName(command.workspaceId);
    const { state, revision } = await this.catchUp(stream);
    const events = decideAccount(command, state, this.policy);
    if (events.length === 0) return { state, events, revision };
    const fullContext = { ...context, workspaceId: command.workspaceId, now: command.now };
    // No retry here: a conflict goes up to the AccountSerializer, which retries the whole work
    // with the one conflict policy; the next attempt catches up from the store.
    const result = await this.store.append(stream, toNewEvents(events, fullContext), revision < 0 ? 'no_stream' : revision);
    const next = { state: foldAccount(events, state), revision: result.nextExpectedRevision };
    // An identical earlier append (same derived ids) answers with its own position: start over from the store.
    if (result.nextExpectedRevision === revision + events.length) this.remember(stream, next);
    else this.folded.delete(stream);
    return { ...next, events };
  };

  private async catchUp(stream: string): Promise<Folded> {
    const known = this.folded.get(stream) ?? { state: initialAccountState, revision: -1 };
    const newer = await this.store.read(stream, { fromRevision: known.revision + 1 });
    if (newer.length > 0 && newer[0].streamRevision !== known.revision + 1) {
      this.folded.delete(stream);
      return this.catchUp(stream);
    }
    const caught = { state: foldAccount(newer.map((event) => toDomainEvent<AccountEvent>(event)), known.state), revision: known.revision + newer.length };
    this.remember(stream, caught);
    return caught;
  }

  private remember(stream: string, folded: Folded): void {
    this.folded.delete(stream);
    // Insertion order: the first key is the account least recently used.
    if (this.folded.size >= MAX_ACCOUNTS) this.folded.delete(this.folded.keys().next().value ?? '');
    this.folded.set(stream, folded);
  }
}
