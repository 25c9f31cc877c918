/** Runs `run` once for each index below `total`, `workers` at a time: each worker takes the next index when it is free. */
export async function inParallel(total: number, workers: number, run: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let index = next++; index < total; index = next++) await run(index);
    }),
  );
}
