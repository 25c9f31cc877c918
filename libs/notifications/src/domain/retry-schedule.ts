import type { Channel } from './notification';

/**
 * How often one (notification, channel) is tried: at most `delaysMs.length + 1` attempts, the
 * n-th retry `delaysMs[n-1]` after the failure before it. Bounded so a refusing or stalled server
 * costs a few attempts, not a storm; an offer's expiry ends it sooner.
 */
export interface RetryPolicy {
  delaysMs: readonly number[];
}

export const DEFAULT_RETRY_POLICIES: Record<Channel, RetryPolicy> = {
  email: { delaysMs: [2_000, 10_000, 60_000, 300_000] },
  push: { delaysMs: [1_000, 5_000, 30_000, 120_000] },
};

export const maxAttempts = (policy: RetryPolicy): number => policy.delaysMs.length + 1;

/** What one attempt came to, as the channel adapter reports it. */
export type AttemptOutcome =
  | { kind: 'sent' }
  /** Worth trying again later: a timeout, a 4xx/5xx the server may get over (SMTP 4xx, push 429/5xx). */
  | { kind: 'retryable'; error: string }
  /** Will fail the same way again: an SMTP 5xx, a push 400/403/413. */
  | { kind: 'permanent'; error: string }
  /** The push subscription no longer exists (404/410): no more sends to it. */
  | { kind: 'gone'; error: string };

/** The send's next state, as stored. */
export type SendStep =
  | { status: 'sent' }
  | { status: 'retrying'; nextAttemptAt: Date; error: string }
  | { status: 'failed'; error: string }
  | { status: 'gone'; error: string };

/**
 * After attempt number `attempt` (1-based) ended with `outcome` at `now`: sent, retried later,
 * or given up. A retry that would come after `expiresAt` (an offer's end) is not made: the
 * expert could no longer act on it.
 */
export function afterAttempt(policy: RetryPolicy, attempt: number, outcome: AttemptOutcome, now: Date, expiresAt: Date | null): SendStep {
  if (!Number.isInteger(attempt) || attempt < 1) throw new Error(`attempt must be a positive integer, got ${attempt}`);
  switch (outcome.kind) {
    case 'sent':
      return { status: 'sent' };
    case 'gone':
      return { status: 'gone', error: outcome.error };
    case 'permanent':
      return { status: 'failed', error: outcome.error };
    case 'retryable': {
      if (attempt >= maxAttempts(policy)) return { status: 'failed', error: `${outcome.error} (gave up after ${attempt} attempts)` };
      const nextAttemptAt = new Date(now.getTime() + policy.delaysMs[attempt - 1]);
      if (expiresAt !== null && nextAttemptAt.getTime() >= expiresAt.getTime())
        return { status: 'failed', error: `${outcome.error} (no retry: it would come after the offer ends)` };
      return { status: 'retrying', nextAttemptAt, error: outcome.error };
    }
    default: {
      const unhandled: never = outcome;
      throw new Error(`unknown outcome ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * Whether a claimed send may be attempted now. A send claimed again after its lease ran out (the
 * process holding it died mid-send) has its attempts counted already: past the bound it ends
 * without another try; an offer that is no longer open is skipped, never sent.
 */
export function beforeAttempt(
  policy: RetryPolicy,
  attempt: number,
  offerOpen: boolean | null,
): { go: true } | { go: false; status: 'skipped' | 'failed'; error: string } {
  if (offerOpen === false) return { go: false, status: 'skipped', error: 'the offer was no longer open' };
  if (attempt > maxAttempts(policy)) return { go: false, status: 'failed', error: `gave up after ${attempt - 1} attempts (the last one was interrupted)` };
  return { go: true };
}

/** Parses `NOTIFY_*_RETRY_DELAYS_MS` (comma-separated milliseconds; empty: no retries). */
export function parseRetryDelays(raw: string | undefined, fallback: RetryPolicy, name: string): RetryPolicy {
  if (raw === undefined) return fallback;
  if (raw.trim() === '') return { delaysMs: [] };
  const parts = raw.split(',').map((part) => part.trim());
  const delaysMs = parts.map(Number);
  if (parts.some((part) => !/^\d{1,9}$/.test(part)) || delaysMs.length > 20)
    throw new Error(`${name} must be up to 20 comma-separated non-negative integers (milliseconds)`);
  return { delaysMs };
}
