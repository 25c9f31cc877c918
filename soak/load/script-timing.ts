/** The soak scripts' waits: a pause, a random one, and a poll that never throws. */

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** A random wait or amount between `min` and `max`, so scripts do not march in step. */
export const between = (min: number, max: number): number => min + Math.random() * (max - min);

/** Polls until `probe` gives a value or the time is up (undefined then): scripts never throw on a wait. */
export async function poll<T>(probe: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 1_000): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(intervalMs);
  }
  return undefined;
}
