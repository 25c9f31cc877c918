import { Injectable } from '@nestjs/common';
import { retryOnVersionConflict } from '@eh/event-store';

/**
 * Runs account commands one at a time per workspace inside this process. handleCommand is
 * already correct under any concurrency (expected-revision append, decide again on conflict),
 * but 200 simultaneous reserves on one stream would spend their retries racing each other;
 * queued, each one reads the stream once and appends first time. Across replicas, conflicts
 * stay possible: the work is retried here, with the one conflict policy, and the runner it
 * calls does not retry itself (CachedAccountRunner), so a command has one retry budget.
 */
@Injectable()
export class AccountSerializer {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(workspaceId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(workspaceId) ?? Promise.resolve();
    // `previous` never rejects (see `tail`), so one failure does not block the queue.
    const next = previous.then(() => retryOnVersionConflict(work));
    const tail = next.catch(() => undefined);
    this.tails.set(workspaceId, tail);
    // Forget an idle workspace once its last command has settled.
    void tail.then(() => {
      if (this.tails.get(workspaceId) === tail) this.tails.delete(workspaceId);
    });
    return next;
  }
}
