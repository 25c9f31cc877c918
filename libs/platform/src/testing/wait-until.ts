export interface WaitUntilOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Shown in the timeout error. */
  description?: string;
}

/**
 * Polls `probe` until it returns something other than `undefined`/`false`, or fails after
 * the deadline. Tests wait on conditions with this, never with fixed sleeps. The default deadline
 * is for "eventually", not a bound under test: the slowest CI host seen ran four times slower than
 * a quiet one, so it is 30 s; a test that claims a bound passes its own.
 */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 30_000, intervalMs = 25, description = 'condition' }: WaitUntilOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      // Jest prints no `cause`: the last error's message goes in the message, or a probe that kept
      // throwing (a 429, a refused connection) looks like a condition that was never met.
      const last = lastError === undefined ? '' : ` (the probe last threw: ${lastError instanceof Error ? lastError.message : String(lastError)})`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}${last}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
