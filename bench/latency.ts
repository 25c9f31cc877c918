/** p50/p95/p99 of a list of durations in milliseconds. */
export function percentiles(samples: number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  const round = (value: number): number => Math.round(value * 100) / 100;
  return { p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), max: round(sorted[sorted.length - 1]) };
}

export async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint();
  const result = await run();
  return [result, Number(process.hrtime.bigint() - started) / 1e6];
}
