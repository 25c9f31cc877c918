import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';

const run = promisify(execFile);
/** The repo root, whether this file runs from soak/cluster (Jest) or dist/soak/cluster (npm run soak). */
export const ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../../..' : '../..');
const SCRIPT = path.join(ROOT, 'deploy/local/cluster.sh');

export const NATS_SERVERS = ['nats-1', 'nats-2', 'nats-3'] as const;
export const SERVICE_REPLICAS = [
  'relay-1',
  'relay-2',
  'router-1',
  'router-2',
  'ledger-1',
  'ledger-2',
  'webhooks-1',
  'webhooks-2',
  'gateway-1',
  'gateway-2',
] as const;
export type NatsServerName = (typeof NATS_SERVERS)[number];
export type ServiceReplica = (typeof SERVICE_REPLICAS)[number];

/** Where and as what the cluster runs (deploy/local/cluster.sh "Settings"). */
export interface ClusterSettings {
  dir: string;
  portBase: number;
  database: string;
  redisPrefix: string;
  /** Service settings passed on at start (clocks, schedules): cluster.sh writes them into cluster.env. */
  serviceEnv?: Record<string, string>;
  /** The services are already built (Jest's global setup did it). */
  skipBuild?: boolean;
}

async function cluster(
  command: 'start' | 'stop' | 'status' | 'clean',
  settings: Omit<ClusterSettings, 'serviceEnv'> & { serviceEnv?: Record<string, string> },
  timeoutMs: number,
): Promise<string> {
  const env = {
    ...process.env,
    ...settings.serviceEnv,
    CLUSTER_DIR: settings.dir,
    CLUSTER_PORT_BASE: String(settings.portBase),
    CLUSTER_DATABASE: settings.database,
    CLUSTER_REDIS_PREFIX: settings.redisPrefix,
    CLUSTER_SKIP_BUILD: settings.skipBuild ? '1' : '0',
  };
  const { stdout } = await run('bash', [SCRIPT, command], { env, timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 });
  return stdout;
}

function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) env[match[1]] = match[2];
  }
  return env;
}

/**
 * The soak's handle on a cluster started by deploy/local/cluster.sh: its configuration (read back
 * from the state dir), each process's pid and readiness, and the levers the fault injector pulls.
 */
export class ClusterControl {
  readonly env: Record<string, string>;
  private readonly health: Map<string, string>;

  private constructor(readonly settings: ClusterSettings) {
    this.env = readEnvFile(path.join(settings.dir, 'cluster.env'));
    this.health = new Map(
      fs
        .readFileSync(path.join(settings.dir, 'processes.tsv'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('\t'))
        .map((line) => line.split('\t') as [string, string]),
    );
  }

  /** Starts whatever is not running and waits until every process is ready (idempotent). */
  static async start(settings: ClusterSettings, timeoutMs = 300_000): Promise<ClusterControl> {
    await cluster('start', settings, timeoutMs);
    return new ClusterControl(settings);
  }

  /** Stops (or cleans) whatever runs with these settings, even when `start` failed half way. */
  static async stopAt(settings: ClusterSettings, clean: boolean): Promise<void> {
    await cluster(clean ? 'clean' : 'stop', settings, 120_000);
  }

  /** True when a cluster runs in `settings.dir` and every process of it is ready. */
  static async running(settings: ClusterSettings): Promise<boolean> {
    if (!fs.existsSync(path.join(settings.dir, 'cluster.env'))) return false;
    return cluster('status', settings, 60_000).then(
      () => true,
      () => false,
    );
  }

  get gatewayUrl(): string {
    return this.env.CLUSTER_GATEWAY_URL;
  }

  get adminKey(): string {
    return this.env.ADMIN_API_KEY;
  }

  /** The soak's own way to the database: straight to the server, never through the proxy it cuts. */
  get directDatabaseUrl(): string {
    return this.env.CLUSTER_DIRECT_DATABASE_URL;
  }

  get natsUrl(): string {
    return this.env.NATS_URL;
  }

  get streamName(): string {
    return this.env.NATS_STREAM;
  }

  get redisPrefix(): string {
    return this.env.REDIS_PREFIX;
  }

  /** A duration setting the services run with, in seconds or milliseconds as named. */
  setting(name: string): number {
    const value = Number(this.env[name]);
    if (!Number.isFinite(value)) throw new Error(`cluster.env has no numeric ${name}`);
    return value;
  }

  stop(timeoutMs = 120_000): Promise<string> {
    return cluster('stop', this.settings, timeoutMs);
  }

  clean(timeoutMs = 120_000): Promise<string> {
    return cluster('clean', this.settings, timeoutMs);
  }

  status(): Promise<string> {
    return cluster('status', this.settings, 60_000).catch((error: { stdout?: string }) => error.stdout ?? String(error));
  }

  /** The process a supervisor runs now, if any. */
  pidOf(name: string): number | null {
    try {
      const pid = Number(fs.readFileSync(path.join(this.settings.dir, 'run', `${name}.pid`), 'utf8').trim());
      process.kill(pid, 0);
      return pid;
    } catch {
      return null;
    }
  }

  /** While held, the supervisor does not restart the process after it exits. */
  hold(name: string): void {
    fs.writeFileSync(path.join(this.settings.dir, 'run', `${name}.hold`), '');
  }

  release(name: string): void {
    fs.rmSync(path.join(this.settings.dir, 'run', `${name}.hold`), { force: true });
  }

  /** Signals the running process of `name`; false when none runs. */
  signal(name: string, signal: NodeJS.Signals): boolean {
    const pid = this.pidOf(name);
    if (pid === null) return false;
    try {
      process.kill(pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** The process answers its readiness check (the PostgreSQL proxy: accepts a connection). */
  async ready(name: string): Promise<boolean> {
    const url = this.health.get(name);
    if (url === undefined) throw new Error(`no process ${name} in this cluster`);
    if (url === '') return this.pidOf(name) !== null;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  }

  /** The NATS server's monitoring address (`/healthz`, `/jsz`). */
  monitorUrl(name: NatsServerName): string {
    return (this.health.get(name) ?? '').replace(/\/healthz$/, '');
  }

  logFile(name: string): string {
    return path.join(this.settings.dir, 'logs', `${name}.log`);
  }

  /** The cluster's PostgreSQL proxy drops every connection and refuses new ones until restored. */
  cutPostgres(): boolean {
    return this.signal('pg-proxy', 'SIGUSR1');
  }

  /** The proxy stops delivering bytes both ways, closing nothing, until restored. */
  stallPostgres(): boolean {
    return this.signal('pg-proxy', 'SIGHUP');
  }

  restorePostgres(): boolean {
    return this.signal('pg-proxy', 'SIGUSR2');
  }

  /**
   * The cluster's own keys only (`<REDIS_PREFIX>:*`), by SCAN and UNLINK: the Redis server is
   * shared with other work on this machine, so FLUSHALL is not ours to run. Returns the count.
   */
  async flushRedisPrefix(): Promise<number> {
    const redis = new Redis(this.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    let deleted = 0;
    try {
      for await (const keys of redis.scanStream({ match: `${this.redisPrefix}:*`, count: 1000 }) as AsyncIterable<string[]>) {
        if (keys.length > 0) deleted += await redis.unlink(...keys);
      }
    } finally {
      await redis.quit();
    }
    return deleted;
  }
}
