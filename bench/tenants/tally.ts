/** Counts outcomes by name (a status code, `reset`, `timeout`…) across a pattern's many requests. */
export class Tally {
  private readonly counts = new Map<string, number>();

  add(outcome: string | number, by = 1): void {
    const name = String(outcome);
    this.counts.set(name, (this.counts.get(name) ?? 0) + by);
  }

  get(outcome: string | number): number {
    return this.counts.get(String(outcome)) ?? 0;
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b)));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `loop` in `workers` copies until `deadline` (performance.now()), each copy awaiting its own iterations. */
export async function untilDeadline(workers: number, deadline: number, loop: (worker: number) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async (_unused, worker) => {
      while (performance.now() < deadline) await loop(worker);
    }),
  );
}
