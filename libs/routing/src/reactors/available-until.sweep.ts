import type { BackgroundWorker, EventStore } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { expertsPastAvailableUntil } from '../adapters/roster-view.query';
import { endAvailableUntil } from '../application/expert-presence.handler';

/**
 * Turns `offline` the experts whose `available_until` has passed, every `everySeconds`. Routing
 * does not wait for it (it reads the bound itself); the sweep makes the roster, the console and
 * the roster reactors say what routing already does. Every replica may run it: the decider
 * writes the change once, and a second writer finds nothing left to change.
 */
export function availableUntilSweep(deps: { sql: SqlClient; store: EventStore; everySeconds: number; log: (line: string) => void }): BackgroundWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const pass = async (): Promise<void> => {
    const now = new Date();
    for (const expertId of await expertsPastAvailableUntil(deps.sql, now)) await endAvailableUntil(deps.store, expertId, now);
  };
  // One pass at a time: a slow pass is not joined by the next tick.
  const tick = (): void => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => deps.log(`available_until sweep failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = null));
  };
  return {
    name: 'available_until sweep',
    start: async () => {
      tick();
      timer = setInterval(tick, deps.everySeconds * 1000);
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
