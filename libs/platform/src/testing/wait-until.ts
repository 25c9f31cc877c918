export interface WaitUntilOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Shown in the timeout error. */
  description?: string;
}

/**
 * Polls `probe` until it returns something other than `undefined`/`false`, or fails after
 * the deadline. Tests wait on conditions with this, never with fixed sleeps.
 */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 25, description = 'condition' }: WaitUntilOptions = {},
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
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
