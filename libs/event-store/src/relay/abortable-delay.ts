/** Resolves after `ms`, or at once when `signal` aborts; never rejects, so loops just re-check. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
