export interface PeriodicTask {
  /** Stops the ticks and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs` (and at once unless `immediately` is false), skipping a tick
 * while the previous run is still going. Every periodic pass here (orphan sweeps, cycle checks,
 * timer and delivery reconciliation) derives its work from read models each time, so a missed
 * tick or a restart loses nothing.
 */
export function startPeriodicTask(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
  immediately = true,
): PeriodicTask {
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
  if (immediately) tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
