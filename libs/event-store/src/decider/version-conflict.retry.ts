import { WrongExpectedVersionError } from '../event-store.port';

/**
 * The one answer to a version conflict (a conflict is a typed
 * error and the command is retried after folding again). Every retry in the services goes
 * through here, and each command is retried at one level only (handleCommand, or the ledger's
 * per-workspace queue around a runner that does not retry itself), so the attempts of one
 * command are bounded by `maxAttempts`, not by a product of nested loops.
 */
export interface ConflictRetryPolicy {
  maxAttempts: number;
  /** Pause before attempt `attempt` (2, 3, …): a little random, so two replicas racing on one stream part ways. */
  pauseMs(attempt: number): number;
}

export const VERSION_CONFLICT_RETRY: ConflictRetryPolicy = {
  maxAttempts: 8,
  pauseMs: (attempt) => Math.random() * 10 * (attempt - 1),
};

/** For work that is retried by a caller instead (e.g. inside the ledger's AccountSerializer). */
export const NO_RETRY: ConflictRetryPolicy = { maxAttempts: 1, pauseMs: () => 0 };

export async function retryOnVersionConflict<T>(work: (attempt: number) => Promise<T>, policy: ConflictRetryPolicy = VERSION_CONFLICT_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= policy.maxAttempts) throw error;
      const pause = policy.pauseMs(attempt + 1);
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
