import type { HttpLoadClient } from './http-load-client';
import { runOpenLoop } from './open-loop';
import { cpuBetween, sampleCpu } from './process-cpu';

/**
 * The floor's CPU per insert (its process and PostgreSQL) when it is sent inserts at `rate`/s,
 * evenly, as a test-mode phase sends creates. A server woken 200 times a second pays its wake-ups,
 * system calls and loopback round trips per request, where ten connections flat out share them:
 * on one host the floor's insert cost 0.19 ms at ten connections, 0.56 ms at 200/s and 0.97 ms at
 * 20/s. So a phase's CPU per deployment is read against the floor at its own rate too.
 */
export async function floorCpuPerInsertAtRate(
  floorClient: HttpLoadClient,
  floorPid: number | undefined,
  rate: number,
  seconds: number,
  body: (index: number) => Record<string, unknown>,
): Promise<number> {
  const before = sampleCpu({ floor: floorPid });
  const result = await runOpenLoop(rate, seconds, async (index) => {
    const answer = await floorClient.request('POST', '/items', { body: body(index) });
    if (answer.status !== 201) throw new Error(`floor ${answer.status}`);
  });
  const used = cpuBetween(before, sampleCpu({ floor: floorPid })).byProcess;
  const inserted = result.latenciesMs.length;
  return ((used.floor ?? 0) + (used.postgresql ?? 0)) / Math.max(1, inserted);
}
