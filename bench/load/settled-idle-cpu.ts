import { cpuBetween, sampleCpu } from './process-cpu';

const WINDOW_MS = 5000;
const MAX_WINDOWS = 6;

/**
 * CPU per second of a stack left alone, in 5 s windows until one is within a fifth of the one
 * before (at most six); `settledAfterSeconds` is when the reported window began. The first
 * seconds after start still carry compilation and start-up garbage: in one run the windows read
 * 42, 26 and 24 ms/s, and a single window right after start had been reported as the idle cost.
 */
export async function settledIdleCpu(
  pids: () => Record<string, number | undefined>,
): Promise<{ perSecond: Record<string, number>; settledAfterSeconds: number }> {
  const seconds = WINDOW_MS / 1000;
  let previousTotal: number | undefined;
  for (let window = 1; ; window++) {
    const before = sampleCpu(pids());
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const used = cpuBetween(before, sampleCpu(pids()));
    const settled = previousTotal !== undefined && Math.abs(used.totalMs - previousTotal) <= previousTotal / 5;
    if (settled || window === MAX_WINDOWS) {
      return {
        perSecond: Object.fromEntries(Object.entries(used.byProcess).map(([name, ms]) => [name, Math.round((ms / seconds) * 10) / 10])),
        settledAfterSeconds: (window - 1) * seconds,
      };
    }
    previousTotal = used.totalMs;
  }
}
