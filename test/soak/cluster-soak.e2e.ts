/**
 * The soak, short: the local cluster (deploy/local/cluster.sh: three NATS servers,
 * two replicas of every service) on ports, a database, a Redis prefix and a state dir of its
 * own; two minutes of the steady mix with faults of every kind one at a time; then the checks.
 * `npm run soak -- --minutes 10` is the long version. The cluster is stopped and cleaned up
 * whatever happens.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { testNamespace } from '@eh/platform/testing';
import { isQuiet } from '../../soak/checks/quiet-cluster';
import { formatReport } from '../../soak/soak-report';
import { runSoak, type SoakReport } from '../../soak/soak-run';

/** Every port cluster.sh derives from a base (its header lists them). */
function clusterPorts(base: number): number[] {
  const http = base - 1000;
  return [1, 2, 3]
    .flatMap((i) => [base + i, base + 2000 + i, base + 4000 + i])
    .concat([0, 1, 2, 11, 12, 21, 22, 31, 32, 41, 42, 50, 61, 62].map((offset) => http + offset));
}

const portFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A base whose ports are all free now, away from `npm run soak`'s default (4300). */
async function freeBase(): Promise<number> {
  for (let base = 4400; base <= 5300; base += 100) {
    if ((await Promise.all(clusterPorts(base).map(portFree))).every(Boolean)) return base;
  }
  throw new Error('no free port range for the soak cluster');
}

describe('the cluster under faults (short soak)', () => {
  const controller = new AbortController();
  let running: Promise<SoakReport> | undefined;
  let dir: string | undefined;
  /** The run's log, each line at its second since the start: printed at the end, so a slow phase shows in CI's output. */
  const lines: string[] = [];
  const startedAt = Date.now();

  afterAll(async () => {
    // A timed-out test still stops its faults, its load and its cluster before Jest moves on.
    controller.abort();
    await running?.catch(() => undefined);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    process.stdout.write(`soak log:\n${lines.join('\n')}\n`);
  }, 180_000);

  it('keeps every promise through kills, NATS restarts, Redis flushes and PostgreSQL cuts', async () => {
    const namespace = testNamespace();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eh-soak-'));
    running = runSoak({
      minutes: 2,
      cluster: { dir, portBase: await freeBase(), database: `eh_soak_${namespace}`, redisPrefix: `soak${namespace}`, skipBuild: true },
      keepCluster: false,
      cleanAfter: true,
      pgRestart: false,
      ratePerSecond: 0.7,
      maxInFlight: 60,
      // Fewer faults than the long soak, each kind still several times.
      faults: { gapMs: [2_000, 5_000], outageMs: [1_000, 3_000], natsOutageMs: [2_000, 5_000], stallMs: [2_000, 6_000], recoveryTimeoutMs: 60_000 },
      drainTimeoutMs: 150_000,
      log: (line) => lines.push(`${String(Math.round((Date.now() - startedAt) / 1000)).padStart(4)} s  ${line}`),
      signal: controller.signal,
    });
    const report = await running;
    process.stdout.write(`${formatReport(report)}\n`);
    expect(report.violations).toEqual([]);
    // The checks ran on a cluster with nothing left to do, not at the drain's deadline.
    expect(report.quiet && isQuiet(report.quiet)).toBe(true);
    for (const kind of ['replica-kill', 'nats-restart', 'redis-flush', 'postgres-cut']) expect(report.faults[kind]).toBeGreaterThanOrEqual(2);
    expect(Object.entries(report.creates).filter(([key]) => key.endsWith(' 201')).length).toBe(2);
    expect(report.checks.deployments.figures.deployments).toBeGreaterThan(40);
  }, 600_000);
});
