import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { JetStreamManager } from 'nats';
import { NATS_SERVERS, SERVICE_REPLICAS, type ClusterControl } from '../cluster/cluster-control';
import { natsQuorumBack, streamLeader } from './nats-quorum';

const run = promisify(execFile);

/**
 * - `replica-kill`: kill -9 of one service replica, restarted by its supervisor after a pause;
 * - `nats-restart`: one NATS server stopped (TERM or KILL), restarted after a pause; the next
 *   NATS fault waits until the cluster has its quorum back;
 * - `redis-flush`: every key under the cluster's REDIS_PREFIX deleted (the machine's Redis is
 *   shared, so never FLUSHALL);
 * - `postgres-cut`: the cluster's PostgreSQL proxy drops every connection and refuses new ones for
 *   a few seconds (only the cluster loses its database: other work shares the server); one time in
 *   three it stalls them instead (nothing delivered, nothing closed), so commits sent during the
 *   stall land after their clients gave up on them;
 * - `postgres-restart` (opt-in, `--pg-restart`): the real server restarted with pg_ctlcluster.
 */
export type FaultKind = 'replica-kill' | 'nats-restart' | 'redis-flush' | 'postgres-cut' | 'postgres-restart';

export interface FaultRecord {
  kind: FaultKind;
  target: string;
  startedAt: number;
  /** When the fault was undone (process released, proxy restored). */
  endedAt: number;
  /** When the cluster answered as before (replica ready, quorum back); null: it did not within the bound. */
  recoveredAt: number | null;
  note: string;
}

export interface FaultSettings {
  kinds: FaultKind[];
  /** Pause between the end of one fault's recovery and the next fault. */
  gapMs: [number, number];
  /** How long a fault lasts (a process held down, the proxy cut). */
  outageMs: [number, number];
  /** How long a NATS server stays down: longer, so its peers run without it and it must catch up. */
  natsOutageMs: [number, number];
  /** How long PostgreSQL stalls: past the services' query bound (3.5 s), so commits land after their clients gave up. */
  stallMs: [number, number];
  /** Bound on waiting for recovery before the next fault; past it the fault is reported unrecovered. */
  recoveryTimeoutMs: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([min, max]: [number, number]): number => Math.round(min + Math.random() * (max - min));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

async function until(probe: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return true;
    await sleep(250);
  }
  return false;
}

/** One fault at a time, at random, each kind about as often as the others. */
export class FaultInjector {
  readonly log: FaultRecord[] = [];
  private running = false;
  private loop: Promise<void> | undefined;
  private current: FaultRecord | undefined;

  constructor(
    private readonly cluster: ClusterControl,
    private readonly jsm: JetStreamManager,
    private readonly settings: FaultSettings,
    private readonly say: (line: string) => void = () => undefined,
  ) {}

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  /** Lets the fault in progress end and the cluster recover, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  /** Faults active at some point between two instants (for the longest wait). */
  between(from: number, to: number): string[] {
    const all = this.current ? [...this.log, this.current] : this.log;
    return all
      .filter((fault) => fault.startedAt <= to && (fault.recoveredAt ?? fault.endedAt ?? Date.now()) >= from)
      .map((fault) => `${fault.kind} ${fault.target}`);
  }

  counts(): Record<FaultKind, number> {
    const counts = Object.fromEntries(this.settings.kinds.map((kind) => [kind, 0])) as Record<FaultKind, number>;
    for (const fault of this.log) counts[fault.kind] = (counts[fault.kind] ?? 0) + 1;
    return counts;
  }

  private async run(): Promise<void> {
    await this.pause();
    while (this.running) {
      const counts = this.counts();
      const fewest = Math.min(...this.settings.kinds.map((kind) => counts[kind]));
      const kind = pick(this.settings.kinds.filter((k) => counts[k] === fewest));
      const record = await this.inject(kind).catch((error: unknown): FaultRecord => {
        const now = Date.now();
        return { kind, target: '?', startedAt: now, endedAt: now, recoveredAt: null, note: `injector failed: ${String(error)}` };
      });
      this.current = undefined;
      this.log.push(record);
      const recovery = record.recoveredAt === null ? 'NOT RECOVERED' : `recovered in ${record.recoveredAt - record.startedAt} ms`;
      this.say(`fault ${this.log.length}: ${record.kind} ${record.target} (${record.note}) ${recovery}`);
      await this.pause();
    }
  }

  private async pause(): Promise<void> {
    const resumeAt = Date.now() + between(this.settings.gapMs);
    while (this.running && Date.now() < resumeAt) await sleep(Math.min(250, resumeAt - Date.now()));
  }

  private begin(kind: FaultKind, target: string): FaultRecord {
    const now = Date.now();
    this.current = { kind, target, startedAt: now, endedAt: now, recoveredAt: null, note: '' };
    return this.current;
  }

  private async inject(kind: FaultKind): Promise<FaultRecord> {
    switch (kind) {
      case 'replica-kill':
        return this.killReplica();
      case 'nats-restart':
        return this.restartNats();
      case 'redis-flush':
        return this.flushRedis();
      case 'postgres-cut':
        return this.cutPostgres();
      case 'postgres-restart':
        return this.restartPostgres();
    }
  }

  private async killReplica(): Promise<FaultRecord> {
    const target = pick(SERVICE_REPLICAS);
    const record = this.begin('replica-kill', target);
    this.cluster.hold(target);
    const killed = this.cluster.signal(target, 'SIGKILL');
    const down = between(this.settings.outageMs);
    await sleep(down);
    this.cluster.release(target);
    record.endedAt = Date.now();
    record.note = killed ? `kill -9, down ${down} ms` : 'was not running';
    if (await until(() => this.cluster.ready(target), this.settings.recoveryTimeoutMs)) record.recoveredAt = Date.now();
    return record;
  }

  private async restartNats(): Promise<FaultRecord> {
    // The stream's leader one time in two: the hardest case for publishers and consumers.
    const leader = Math.random() < 0.5 ? await streamLeader(this.cluster, this.jsm) : null;
    const target = leader ?? pick(NATS_SERVERS);
    const record = this.begin('nats-restart', target);
    const signal: NodeJS.Signals = Math.random() < 0.5 ? 'SIGTERM' : 'SIGKILL';
    this.cluster.hold(target);
    this.cluster.signal(target, signal);
    const down = between(this.settings.natsOutageMs);
    await sleep(down);
    this.cluster.release(target);
    record.endedAt = Date.now();
    record.note = `${signal === 'SIGKILL' ? 'kill -9' : 'stopped'}${leader ? ' (stream leader)' : ''}, down ${down} ms`;
    if (await until(() => natsQuorumBack(this.cluster, this.jsm), this.settings.recoveryTimeoutMs)) record.recoveredAt = Date.now();
    return record;
  }

  private async flushRedis(): Promise<FaultRecord> {
    const record = this.begin('redis-flush', `${this.cluster.redisPrefix}:*`);
    const deleted = await this.cluster.flushRedisPrefix();
    record.endedAt = Date.now();
    record.recoveredAt = record.endedAt;
    record.note = `${deleted} keys deleted`;
    return record;
  }

  private async cutPostgres(): Promise<FaultRecord> {
    const stall = Math.random() < 1 / 3;
    const record = this.begin('postgres-cut', stall ? 'pg-proxy (stall)' : 'pg-proxy');
    const proxy = this.cluster.pidOf('pg-proxy');
    if (stall) this.cluster.stallPostgres();
    else this.cluster.cutPostgres();
    const down = between(stall ? this.settings.stallMs : this.settings.outageMs);
    await sleep(down);
    this.cluster.restorePostgres();
    record.endedAt = Date.now();
    // The same proxy process throughout, or the cut lasted only until its supervisor restarted it.
    const same = proxy !== null && this.cluster.pidOf('pg-proxy') === proxy;
    record.note = `${stall ? 'every connection stalled' : 'every connection dropped, new ones refused'} for ${down} ms${same ? '' : ' (the proxy restarted: cut short)'}`;
    // Back when a gateway reports ready again (its readiness runs a query through the proxy).
    if (await until(() => this.cluster.ready('gateway-1'), this.settings.recoveryTimeoutMs)) record.recoveredAt = Date.now();
    return record;
  }

  private async restartPostgres(): Promise<FaultRecord> {
    const version = fs.readdirSync('/etc/postgresql').sort().at(-1) ?? '15';
    const record = this.begin('postgres-restart', `postgresql ${version}/main`);
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], { timeout: 60_000 });
    record.endedAt = Date.now();
    record.note = 'pg_ctlcluster restart';
    if (await until(() => this.cluster.ready('gateway-1'), this.settings.recoveryTimeoutMs)) record.recoveredAt = Date.now();
    return record;
  }
}
