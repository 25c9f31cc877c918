import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { connect } from 'nats';
import { deleteStreamIfExists } from '@eh/platform';
import { createTestDatabase, testNamespace, waitUntil, type TestDatabase } from '@eh/platform/testing';
import { processRunning, SERVICE_LAYOUTS, type ServiceLayout, type ServiceProcess } from '../../apps/launcher/src/service-layout';
import { freePort } from './free-port';
import { opsThroughServer } from './ops-client';
import { deleteRedisPrefix } from './redis-prefix';
import { runTemplateDatabase } from './template-database';
import { recordStackStart } from './test-run';

const run = promisify(execFile);
/** The repo root, whether this file runs from test/support (Jest) or dist/test/support (benchmarks). */
const ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../../..' : '../..');
/** How long a gateway may take to answer ready; jest.config.js's testTimeout leaves room for it in a beforeAll. */
const SERVICE_READY_TIMEOUT_MS = 90_000;

/** The processes of the `separate` layout, which tests start unless they ask for another: a test can crash one service. */
export const SERVICE_NAMES = SERVICE_LAYOUTS.separate;
/**
 * `router-2`: a second router replica, started only on request (test/routing/router-replicas.e2e.ts).
 * `gateway-2`: a second gateway replica on its own port (`urlOf('gateway-2')`), same public address (test/console).
 * `workers`: every service behind the gateway in one process, in the `combined` layout.
 */
export type ServiceName = ServiceProcess | 'router-2' | 'gateway-2';
/** The compiled app a service name runs: replicas run the same app. */
const appOf = (name: ServiceName): string => (name === 'router-2' ? 'router' : name === 'gateway-2' ? 'gateway' : name);

export interface RunningServices {
  baseUrl: string;
  /** The processes the stack was started as, the gateway last. */
  processes: readonly ServiceName[];
  env: Record<string, string>;
  database: TestDatabase;
  /** Runs `npm run ops -- <args>` against these services' database; parses its JSON output. */
  ops<T>(...args: string[]): Promise<T>;
  /**
   * Sends SIGKILL: a crash, not a shutdown. Here and below, a service's name stands for the process
   * that runs it (`router` is the workers process in the combined layout).
   */
  kill(name: ServiceName): Promise<void>;
  /** `waitReady: false` returns once the process is spawned, not when the gateway reports ready. */
  start(name: ServiceName, options?: { waitReady?: boolean }): Promise<void>;
  stop(): Promise<void>;
  logs(name: ServiceName): string;
  /** True while the service's process runs (a crash leaves it exited: the harness never restarts it). */
  alive(name: ServiceName): boolean;
  /** The process id of a running service (benchmarks read its CPU time from /proc). */
  pidOf(name: ServiceName): number | undefined;
  /** Where a gateway replica listens (`gateway` is `baseUrl`; `gateway-2` once started). */
  urlOf(name: 'gateway' | 'gateway-2'): string;
  /** The service's internal listener (HEALTH_PORT: /health/*, /metrics), with `healthPorts: true`. */
  healthUrlOf(name: ServiceName): string;
}

export interface StartOptions {
  /** The DATABASE_URL the services get, from the test database's own (e.g. through a TCP proxy); `database.pool` stays direct. */
  databaseUrl?: (direct: string) => string;
  /** Starts from an empty database, not a copy of the run's migrated template: the services migrate it themselves. */
  emptyDatabase?: boolean;
  /** Writes each service's output to `<directory>/<name>.log` instead of keeping it in memory (shared-services.ts). */
  logDirectory?: string;
  /** Gives every service a HEALTH_PORT of its own (/health/* and /metrics there); see `healthUrlOf`. */
  healthPorts?: boolean;
  /** The processes the services run in (apps/launcher/src/service-layout.ts); `separate` unless given. */
  layout?: ServiceLayout;
}

/**
 * Starts each service as its own process (compiled by Jest's global setup) against a fresh
 * database, its own JetStream stream, subject prefix and Redis prefix, so runs never meet.
 */

export async function startServices(extraEnv: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServices> {
  try {
    return await startServicesOnce(extraEnv, options);
  } catch (error) {
    // A port found free can be taken by a parallel file before the service binds it: once more, on new ports.
    if (!(error instanceof Error && error.cause instanceof ExitedWhileStarting)) throw error;
    return startServicesOnce(extraEnv, options);
  }
}

/** A service process that ended before it said it was ready (a port taken meanwhile, a crash at boot). */
class ExitedWhileStarting extends Error {}

async function startServicesOnce(extraEnv: Record<string, string>, options: StartOptions): Promise<RunningServices> {
  const namespace = testNamespace();
  const database = await createTestDatabase(undefined, { template: options.emptyDatabase ? undefined : runTemplateDatabase() });
  const port = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl ? options.databaseUrl(database.url) : database.url,
    NATS_STREAM: `EVENTS_${namespace}`,
    SUBJECT_PREFIX: namespace,
    REDIS_PREFIX: namespace,
    GATEWAY_PORT: String(port),
    GATEWAY_HOST: '127.0.0.1',
    // Live work is billed: tests about other things get a standard plan that never runs
    // out or hits the in-flight limit; ledger tests set their own plan (test/ledger).
    LEDGER_STANDARD_CYCLE_CAP: '100000000',
    LEDGER_STANDARD_IN_FLIGHT_LIMIT: '10000',
    // Webhook secrets are sealed under a key of their own per run, not the public development key.
    SECRETS_KEYRING: `test-${namespace.slice(-8)}:${randomBytes(32).toString('base64')}`,
    // Attachment URLs are signed with one key shared by the gateways and the webhooks service.
    ATTACHMENT_URL_SECRET: `test-attachment-url-${randomBytes(24).toString('hex')}`,
    // Every stack boots the same compiled files: V8's code cache on disk makes each boot after the
    // first skip most of the compiling, the largest part of a service's start.
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(os.tmpdir(), 'expert-handoff-compile-cache'),
    // Tests about other things play experts over the API without holding the console's event
    // stream; presence tests (test/routing/expert-presence.e2e.ts) set EXPERT_REACHABILITY=required.
    EXPERT_REACHABILITY: 'off',
    ...extraEnv,
  };
  let secondPort: number | null = null;
  const children = new Map<ServiceName, ChildProcess>();
  const output = new Map<ServiceName, string[]>();
  const healthPorts = new Map<ServiceName, number>();

  const exits = new Map<ServiceName, Promise<never>>();
  const untilReady = (name: ServiceName, url: string): Promise<unknown> =>
    Promise.race([
      waitUntil(() => ready(url), { timeoutMs: SERVICE_READY_TIMEOUT_MS, description: `${name} ready` }),
      exits.get(name) ?? new Promise(() => undefined),
    ]);

  const start = async (name: ServiceName, startOptions: { waitReady?: boolean } = {}): Promise<void> => {
    if (name === 'gateway-2') secondPort ??= await freePort();
    // A second replica listens elsewhere but answers for the same public address as the first.
    const replica = name === 'gateway-2' ? { GATEWAY_PORT: String(secondPort), PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}` } : {};
    // The workers always get a health port: the stack is started only when each says it is ready.
    if ((options.healthPorts || !name.startsWith('gateway')) && !healthPorts.has(name)) healthPorts.set(name, await freePort());
    const health = healthPorts.has(name) ? { HEALTH_PORT: String(healthPorts.get(name)), HEALTH_HOST: '127.0.0.1' } : {};
    // A stack that outlives this test file writes to files: no pipe ties it to this file's listeners.
    const logFile = options.logDirectory ? openSync(path.join(options.logDirectory, `${name}.log`), 'a') : undefined;
    const child = spawn(process.execPath, [path.join(ROOT, `dist/apps/${appOf(name)}/src/main.js`)], {
      env: { ...process.env, ...env, ...replica, ...health },
      stdio: ['ignore', logFile ?? 'pipe', logFile ?? 'pipe'],
    });
    if (logFile !== undefined) {
      closeSync(logFile);
      // The Jest worker may exit while a shared stack runs on: the run's global teardown stops it.
      child.unref();
    }
    const lines = output.get(name) ?? [];
    output.set(name, lines);
    child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    children.set(name, child);
    // Waiting for a service that has already exited would only time out: say so at once.
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => reject(new ExitedWhileStarting(`${name} exited while starting (${signal ?? `code ${code}`})`))),
    );
    exited.catch(() => undefined);
    exits.set(name, exited);
    // Five services booting at once on two cores beside another test worker: 16–22 s on a quiet host of the
    // slowest kind seen, past 30 s under load (the notes). Waiting longer costs nothing when it is quick.
    if (name === 'gateway' && startOptions.waitReady !== false) await untilReady(name, `http://127.0.0.1:${port}`);
    if (name === 'gateway-2' && startOptions.waitReady !== false) await untilReady(name, `http://127.0.0.1:${secondPort}`);
  };

  const stopChild = async (name: ServiceName, signal: NodeJS.Signals): Promise<void> => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const layout = options.layout ?? 'separate';
  const processes = SERVICE_LAYOUTS[layout];
  // The database schema is created by the first service; start the others after it.
  try {
    for (const name of processes) await start(name);
    // The gateway can be ready before a worker is: a router still booting has not yet subscribed to
    // the quote requests, and a live create would get no responder (a 503) from a stack called started.
    for (const name of processes.filter((name) => name !== 'gateway')) {
      await untilReady(name, `http://127.0.0.1:${healthPorts.get(name)}`);
    }
  } catch (error) {
    // No caller holds these yet, so none would stop them: left running, they load every later suite.
    await Promise.all([...children.keys()].map((name) => stopChild(name, 'SIGKILL')));
    // A stack started once more on new names must not leave the first one's stream and keys behind.
    await deleteStackNames(env).catch(() => undefined);
    await database.drop().catch(() => undefined);
    const gatewayOutput = (output.get('gateway') ?? []).join('').slice(-2_000);
    throw new Error(`services did not start: ${error instanceof Error ? error.message : String(error)}\ngateway output:\n${gatewayOutput}`, { cause: error });
  }
  recordStackStart(options.logDirectory ? 'shared' : 'own');

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    processes,
    env,
    database,
    ops: (...args) => runOps(env, args),
    kill: (name) => stopChild(processRunning(layout, name), 'SIGKILL'),
    start: (name, startOptions) => start(processRunning(layout, name), startOptions),
    logs: (service) => {
      const name = processRunning(layout, service);
      return options.logDirectory ? readLog(options.logDirectory, name) : (output.get(name) ?? []).join('');
    },
    urlOf: (name) => {
      if (name === 'gateway') return `http://127.0.0.1:${port}`;
      if (secondPort === null) throw new Error('gateway-2 is not started: services.start("gateway-2") first');
      return `http://127.0.0.1:${secondPort}`;
    },
    pidOf: (name) => children.get(processRunning(layout, name))?.pid,
    healthUrlOf: (name) => {
      const healthPort = healthPorts.get(processRunning(layout, name));
      if (healthPort === undefined) throw new Error(`${name} has no HEALTH_PORT: startServices(env, { healthPorts: true })`);
      return `http://127.0.0.1:${healthPort}`;
    },
    alive: (name) => {
      const child = children.get(processRunning(layout, name));
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    async stop() {
      await Promise.all([...children.keys()].map((name) => stopChild(name, 'SIGTERM')));
      await deleteStackNames(env);
      await database.drop();
    },
  };
}

/** Runs `npm run ops -- <args>` against a stack's database and services; parses its JSON output. */
export async function runOps<T>(env: Record<string, string>, args: string[]): Promise<T> {
  const served = opsThroughServer(env, args);
  if (served) return JSON.parse(await served) as T;
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'dist/apps/cli/src/ops.main.js'), ...args], { env: { ...process.env, ...env } });
  return JSON.parse(stdout) as T;
}

/** A service's output written under `logDirectory`, from `fromByte` on; empty before it wrote anything. */
export function readLog(logDirectory: string, name: ServiceName, fromByte = 0): string {
  const file = path.join(logDirectory, `${name}.log`);
  return existsSync(file) ? readFileSync(file).subarray(fromByte).toString() : '';
}

/** Deletes what a stopped stack kept outside its database: its JetStream stream and Redis keys. */
export async function deleteStackNames(env: Record<string, string>): Promise<void> {
  const nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  await deleteStreamIfExists(await nats.jetstreamManager(), env.NATS_STREAM);
  await nats.close();
  await deleteRedisPrefix(env.REDIS_PREFIX);
}

async function ready(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/health/ready`)).ok;
  } catch {
    return false;
  }
}
