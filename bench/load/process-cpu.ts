import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second for /proc's utime/stime (getconf CLK_TCK; 100 on Linux x86-64). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  pid: number;
  command: string;
  parentPid: number;
  /** Own user + system CPU, ms. */
  ownMs: number;
  /** CPU of children it has reaped, ms: PostgreSQL's backends that ended count here. */
  reapedChildrenMs: number;
}

/** Parses /proc/<pid>/stat; the command may hold spaces and parentheses, so split after the last ')'. */
export function parseProcStat(pid: number, text: string): ProcStat {
  const close = text.lastIndexOf(')');
  const command = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 (state) of proc(5): utime is 14, stime 15, cutime 16, cstime 17.
  const ticks = (field: number): number => Number(fields[field - 3]);
  const toMs = (value: number): number => (value * 1000) / TICKS_PER_SECOND;
  return { pid, command, parentPid: ticks(4), ownMs: toMs(ticks(14) + ticks(15)), reapedChildrenMs: toMs(ticks(16) + ticks(17)) };
}

function readStat(pid: number): ProcStat | undefined {
  try {
    return parseProcStat(pid, readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined; // it exited between listing and reading
  }
}

function allStats(): ProcStat[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readStat(Number(entry)))
    .filter((stat): stat is ProcStat => stat !== undefined);
}

/** The servers the stack stands on, by command name (the whole machine's: measure alone). */
const SERVER_COMMANDS: Record<string, string> = { postgres: 'postgresql', 'nats-server': 'nats', 'redis-server': 'redis' };

/** Every PostgreSQL, NATS and Redis process on the machine, with the group it counts in. */
export function serverProcesses(): { pid: number; group: string }[] {
  return allStats().flatMap((stat) => {
    const group = SERVER_COMMANDS[stat.command];
    return group ? [{ pid: stat.pid, group }] : [];
  });
}

/**
 * CPU ms used so far by each named process group: the services by pid, and every PostgreSQL,
 * NATS and Redis process by command name. For PostgreSQL the postmaster's reaped-children time is
 * added, so a backend that ended during the run still counts (live backends count by their own).
 */
export function sampleCpu(services: Record<string, number | undefined>): Record<string, number> {
  const stats = allStats();
  const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
  const sample: Record<string, number> = {};
  for (const [name, pid] of Object.entries(services)) sample[name] = pid === undefined ? 0 : (byPid.get(pid)?.ownMs ?? 0);
  for (const stat of stats) {
    const group = SERVER_COMMANDS[stat.command];
    if (!group) continue;
    const parent = byPid.get(stat.parentPid);
    const isPostmaster = stat.command === 'postgres' && parent?.command !== 'postgres';
    sample[group] = (sample[group] ?? 0) + stat.ownMs + (isPostmaster ? stat.reapedChildrenMs : 0);
  }
  return sample;
}

/** What each group used between two samples, and the total. */
export function cpuBetween(before: Record<string, number>, after: Record<string, number>): { byProcess: Record<string, number>; totalMs: number } {
  const byProcess: Record<string, number> = {};
  for (const name of Object.keys(after)) byProcess[name] = Math.max(0, after[name] - (before[name] ?? 0));
  return { byProcess, totalMs: Object.values(byProcess).reduce((sum, ms) => sum + ms, 0) };
}
