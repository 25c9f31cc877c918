/**
 * The retry schedule: after a 5xx or a timeout, retry after
 * 30 s, 2 min, 8 min, 30 min, 2 h, 8 h, then dead-letter. Delays are data, taken from
 * configuration (`WEBHOOK_RETRY_DELAYS_MS`), so tests run the same schedule scaled down.
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [30_000, 120_000, 480_000, 1_800_000, 7_200_000, 28_800_000];

/**
 * How long to wait after the `failuresInRound`-th failed attempt of a round (1-based), or null
 * when the round is spent and the delivery is dead-lettered. A round is the first scheduling,
 * or a replay: each gets the whole schedule.
 */
export function retryDelayMs(failuresInRound: number, delays: readonly number[]): number | null {
  if (!Number.isInteger(failuresInRound) || failuresInRound < 1) {
    throw new RangeError(`failuresInRound must be a positive integer, got ${failuresInRound}`);
  }
  return failuresInRound <= delays.length ? delays[failuresInRound - 1] : null;
}

/** Attempts in one round: the first one and one per delay (7 with the default schedule). */
export const attemptsPerRound = (delays: readonly number[]): number => delays.length + 1;
