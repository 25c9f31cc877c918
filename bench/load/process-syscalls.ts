import { readFileSync } from 'node:fs';
import { serverProcesses } from './process-cpu';

/** Read and write system calls of one process so far (/proc/<pid>/io: every thread's together). */
export interface SyscallCount {
  reads: number;
  writes: number;
}

/** Parses /proc/<pid>/io's `syscr` and `syscw` lines. */
export function parseProcIo(text: string): SyscallCount {
  const field = (name: string): number => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { reads: field('syscr'), writes: field('syscw') };
}

function readIo(pid: number): SyscallCount | undefined {
  try {
    return parseProcIo(readFileSync(`/proc/${pid}/io`, 'utf8'));
  } catch {
    return undefined; // exited, or not ours to read
  }
}

/**
 * System calls per process group. On two cores a write to a loopback socket wakes the
 * server at once, so a wall-clock profile books the server's time to the writer's `writev`;
 * counting the calls shows the round trips themselves. PostgreSQL backends that end during a
 * run drop out of the sum (ours are pooled and live through it).
 */
export function sampleSyscalls(services: Record<string, number | undefined>): Record<string, SyscallCount> {
  const sample: Record<string, SyscallCount> = {};
  for (const [name, pid] of Object.entries(services)) sample[name] = (pid === undefined ? undefined : readIo(pid)) ?? { reads: 0, writes: 0 };
  for (const { pid, group } of serverProcesses()) {
    const io = readIo(pid);
    if (!io) continue;
    const sum = (sample[group] ??= { reads: 0, writes: 0 });
    sum.reads += io.reads;
    sum.writes += io.writes;
  }
  return sample;
}

/** Calls per unit of work between two samples, by group. */
export function syscallsPer(before: Record<string, SyscallCount>, after: Record<string, SyscallCount>, units: number): Record<string, SyscallCount> {
  const per = (delta: number): number => Math.round((Math.max(0, delta) / Math.max(1, units)) * 10) / 10;
  return Object.fromEntries(
    Object.entries(after).map(([name, count]) => [
      name,
      { reads: per(count.reads - (before[name]?.reads ?? 0)), writes: per(count.writes - (before[name]?.writes ?? 0)) },
    ]),
  );
}
