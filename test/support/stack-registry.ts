import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dropTestDatabase } from '@eh/platform/testing';
import { deleteStackNames, type ServiceName } from './service-harness';
import { runDirectory } from './test-run';

export { runDirectory, TEST_RUN_ENV } from './test-run';

/** A running stack that test files of one Jest worker take in turn (shared-services.ts). */
export interface StackRecord {
  /** The extra environment it was started with, as a stable string: a file asking for the same gets it. */
  key: string;
  env: Record<string, string>;
  baseUrl: string;
  pids: Partial<Record<ServiceName, number>>;
  databaseName: string;
  databaseUrl: string;
  logDirectory: string;
  /** Held by a test file now; a file that failed before releasing it leaves it held until the run ends. */
  leased: boolean;
  releasedAt: number;
}

/** One file per Jest worker: a worker runs one test file at a time, so its file needs no lock. */
function registryFile(directory: string): string {
  return path.join(directory, `worker-${process.env.JEST_WORKER_ID ?? '1'}.json`);
}

export function readStacks(directory: string): StackRecord[] {
  try {
    return JSON.parse(readFileSync(registryFile(directory), 'utf8')) as StackRecord[];
  } catch {
    return [];
  }
}

export function writeStacks(directory: string, stacks: StackRecord[]): void {
  mkdirSync(directory, { recursive: true });
  writeFileSync(registryFile(directory), JSON.stringify(stacks, null, 1));
}

export function isRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function allRunning(stack: StackRecord): boolean {
  return Object.values(stack.pids).every(isRunning);
}

/** Stops a stack's processes (SIGTERM, SIGKILL after 10 s), then deletes its stream, Redis keys and database. */
export async function tearDownStack(stack: StackRecord): Promise<void> {
  const pids = Object.values(stack.pids).filter(isRunning);
  for (const pid of pids) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (pids.some(isRunning) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const pid of pids.filter(isRunning)) process.kill(pid, 'SIGKILL');
  await deleteStackNames(stack.env);
  await dropTestDatabase(stack.databaseName);
}

/** Global teardown: every stack any worker of this run started, held or not. */
export async function tearDownRunStacks(): Promise<void> {
  const directory = runDirectory();
  if (!directory) return;
  const files = (() => {
    try {
      return readdirSync(directory).filter((name) => name.startsWith('worker-'));
    } catch {
      return [];
    }
  })();
  for (const file of files) {
    const stacks = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as StackRecord[];
    await Promise.all(stacks.map((stack) => tearDownStack(stack)));
  }
  rmSync(directory, { recursive: true, force: true });
}
