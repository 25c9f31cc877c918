import { readFileSync } from 'node:fs';

/** A process's resident set in MiB (VmRSS of /proc/<pid>/status), or 0 once it has exited. */
export function residentMiB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory every `everyMs` until stopped; gives the highest seen. */
export function watchResidentMemory(pid: number, everyMs = 100): { stop(): number } {
  let highest = residentMiB(pid);
  const timer = setInterval(() => (highest = Math.max(highest, residentMiB(pid))), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(highest, residentMiB(pid));
    },
  };
}
