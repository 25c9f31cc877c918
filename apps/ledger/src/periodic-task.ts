/**
 * Runs `task` now and then every `intervalMs`, skipping a tick while the previous run is still
 * going; `stop()` waits for a run in progress. The work is derived from read models each time,
 * so a missed tick or a restart loses nothing.
 */
export function startPeriodicTask(name: string, intervalMs: number, task: () => Promise<unknown>, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (): void => {
    if (running || stopped) return;
    running = task()
      .then(
        () => undefined,
        (error: unknown) => onError(new Error(`${name} failed`, { cause: error })),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
