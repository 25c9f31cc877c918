import type { EventStore } from '../event-store.port';
import type { HeardCommits } from './heard-commits';

/** How long the feed stays open after its last use. */
const DEFAULT_IDLE_MS = 60_000;

/**
 * A process's commit feed (EventStore.watchCommits into its HeardCommits) open only
 * while something reads through it: a use opens it if closed, and `idleMs` without one closes it,
 * forgetting everything kept (HeardCommits.lost: nothing is heard meanwhile). The webhooks
 * service remembers signing reads only for its attempts: while none runs it hears no commit.
 */
export class CommitFeedOnDemand {
  private unwatch: (() => void) | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Pick<EventStore, 'watchCommits'>,
    private readonly commits: HeardCommits,
    private readonly idleMs = DEFAULT_IDLE_MS,
  ) {}

  /** The feed's HeardCommits, opened if it was closed and kept open `idleMs` more. Until it listens, nothing read is kept. */
  use(): HeardCommits {
    this.unwatch ??= this.store.watchCommits?.(this.commits) ?? (() => undefined);
    if (this.idleTimer) this.idleTimer.refresh();
    else {
      this.idleTimer = setTimeout(() => this.close(), this.idleMs);
      this.idleTimer.unref();
    }
    return this.commits;
  }

  get open(): boolean {
    return this.unwatch !== undefined;
  }

  close(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const unwatch = this.unwatch;
    this.unwatch = undefined;
    if (!unwatch) return;
    unwatch();
    this.commits.lost();
  }
}
