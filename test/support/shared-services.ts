import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createPool } from '@eh/platform';
import { testNamespace } from '@eh/platform/testing';
import { processRunning, SERVICE_LAYOUTS } from '../../apps/launcher/src/service-layout';
import { readLog, runOps, startServices, type RunningServices, type ServiceName } from './service-harness';
import { allRunning, isRunning, readStacks, runDirectory, tearDownStack, writeStacks, type StackRecord } from './stack-registry';

/**
 * Stacks a worker keeps running between files: each holds two processes' memory and about ten
 * PostgreSQL connections while it waits, on a server other runs share.
 */
const IDLE_STACKS_PER_WORKER = 1;
/** Shared stacks run as `npm start` runs the services on one machine: the gateway and one workers process. */
const SHARED_LAYOUT = 'combined';
const SHARED_PROCESSES = SERVICE_LAYOUTS[SHARED_LAYOUT];

/**
 * Services for a test file that only talks to them (its own workspaces, keys and experts) and
 * never kills, restarts or reconfigures them: the Jest worker hands it the stack an earlier file
 * asked for with the same `extraEnv`, or starts one that later files get. A file that needs an
 * empty database, a crash, a second replica or health ports calls `startServices` for its own.
 * Outside a Jest run (benchmarks) it is `startServices`.
 */
export async function sharedServices(extraEnv: Record<string, string> = {}): Promise<RunningServices> {
  const directory = runDirectory();
  if (!directory) return startServices(extraEnv);
  const key = JSON.stringify(Object.entries(extraEnv).sort(([a], [b]) => a.localeCompare(b)));
  const stacks = readStacks(directory);
  let stack = stacks.find((candidate) => !candidate.leased && candidate.key === key && allRunning(candidate));
  if (!stack) {
    stack = await bootStack(directory, key, extraEnv);
    stacks.push(stack);
  }
  stack.leased = true;
  writeStacks(directory, stacks);
  return lease(directory, stack);
}

async function bootStack(directory: string, key: string, extraEnv: Record<string, string>): Promise<StackRecord> {
  const logDirectory = path.join(directory, testNamespace());
  mkdirSync(logDirectory, { recursive: true });
  const services = await startServices(extraEnv, { logDirectory, layout: SHARED_LAYOUT });
  // This file's pool closes now: every file leasing the stack opens its own.
  await services.database.pool.end();
  const pids = Object.fromEntries(SHARED_PROCESSES.map((name) => [name, services.pidOf(name)]));
  return {
    key,
    env: services.env,
    baseUrl: services.baseUrl,
    pids,
    databaseName: services.database.name,
    databaseUrl: services.database.url,
    logDirectory,
    leased: true,
    releasedAt: 0,
  };
}

function logSize(stack: StackRecord, name: ServiceName): number {
  try {
    return statSync(path.join(stack.logDirectory, `${name}.log`)).size;
  } catch {
    return 0;
  }
}

function refuse(what: string): never {
  throw new Error(`a shared stack cannot ${what}: call startServices for a stack of this file's own`);
}

/** The stack as this file sees it: its own database pool, and only the log lines written since it took the stack. */
function lease(directory: string, stack: StackRecord): RunningServices {
  const pool = createPool(stack.databaseUrl, { max: 20 });
  const logStart = new Map<ServiceName, number>(SHARED_PROCESSES.map((name) => [name, logSize(stack, name)]));
  const processOfService = (name: ServiceName): ServiceName => processRunning(SHARED_LAYOUT, name);
  return {
    baseUrl: stack.baseUrl,
    processes: SHARED_PROCESSES,
    env: stack.env,
    database: { url: stack.databaseUrl, name: stack.databaseName, pool, drop: () => refuse('drop its database') },
    ops: (...args) => runOps(stack.env, args),
    kill: () => refuse('lose a service'),
    start: () => refuse('start a service'),
    logs: (name) => readLog(stack.logDirectory, processOfService(name), logStart.get(processOfService(name)) ?? 0),
    alive: (name) => isRunning(stack.pids[processOfService(name)]),
    pidOf: (name) => stack.pids[processOfService(name)],
    urlOf: (name) => (name === 'gateway' ? stack.baseUrl : refuse('start gateway-2')),
    healthUrlOf: () => refuse('give health ports'),
    stop: async () => {
      await pool.end();
      await release(directory, stack.databaseName);
    },
  };
}

/** Hands the stack back for the worker's next file; stops the stacks idle longest beyond the few kept. */
async function release(directory: string, databaseName: string): Promise<void> {
  const stacks = readStacks(directory);
  const released = stacks.find((stack) => stack.databaseName === databaseName);
  if (released) Object.assign(released, { leased: false, releasedAt: Date.now() });
  const idle = stacks.filter((stack) => !stack.leased).sort((a, b) => b.releasedAt - a.releasedAt);
  const surplus = idle.filter((stack, index) => index >= IDLE_STACKS_PER_WORKER || !allRunning(stack));
  writeStacks(
    directory,
    stacks.filter((stack) => !surplus.includes(stack)),
  );
  await Promise.all(surplus.map((stack) => tearDownStack(stack)));
}
