import { setTimeout as sleep } from 'node:timers/promises';

export interface OpenLoopResult {
  sent: number;
  /** Latency of each request in ms from when it was due, not when it went out (no coordinated omission); from when it went out if that was early. */
  latenciesMs: number[];
  /** The same latencies by request index (a failed request has none). */
  latencyByIndex: (number | undefined)[];
  failures: Map<string, number>;
  /** What each request's `send` resolved to, by its index (e.g. the created id). */
  results: unknown[];
}

/**
 * Sends `ratePerSecond × seconds` requests evenly spaced (open loop: a slow answer never delays
 * the next request), and waits for every answer. `send` resolves to a value kept in `results`
 * or throws: a failure counted by its message.
 */
export async function runOpenLoop(ratePerSecond: number, seconds: number, send: (index: number) => Promise<unknown>): Promise<OpenLoopResult> {
  const total = Math.round(ratePerSecond * seconds);
  const periodMs = 1000 / ratePerSecond;
  const latencyByIndex: (number | undefined)[] = new Array(total);
  const failures = new Map<string, number>();
  const results: unknown[] = new Array(total);
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let index = 0; index < total; index++) {
    const due = start + index * periodMs;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    // A request sent up to 1 ms early (the sleep's granularity) counts from when it went out: a
    // late one counts from when it was due. Counting an early one from its due time read negative.
    const from = Math.min(due, performance.now());
    inFlight.push(
      send(index).then(
        (result) => {
          results[index] = result;
          latencyByIndex[index] = performance.now() - from;
        },
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const latenciesMs = latencyByIndex.filter((latency) => latency !== undefined);
  return { sent: total, latenciesMs, latencyByIndex, failures, results };
}

/** `connections` requests at a time for `seconds`: the throughput a server answers at a fixed concurrency. */
export async function runClosedLoop(
  connections: number,
  seconds: number,
  send: (index: number) => Promise<unknown>,
): Promise<{ perSecond: number; failures: number }> {
  const endAt = performance.now() + seconds * 1000;
  let next = 0;
  let done = 0;
  let failures = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() < endAt) {
      const index = next++;
      await send(index).then(
        () => (done += 1),
        () => (failures += 1),
      );
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return { perSecond: Math.round((done * 1000) / (performance.now() - start)), failures };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function summary(values: readonly number[]): { p50: number; p95: number; p99: number; max: number } {
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  return { p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), p99: round(percentile(values, 99)), max: round(percentile(values, 100)) };
}
