/**
 * `npm run soak -- --minutes N [--pg-restart] [--rate R] [--keep-cluster] [--clean] [--no-faults]`
 *
 * Runs the soak against deploy/local/cluster.sh's cluster (started here unless one
 * is running; stopped at the end if started here), prints the report, and exits 0 only with no
 * violation. Ctrl-C stops the faults and the load and stops what it started.
 * Cluster settings come from the environment as for cluster.sh (CLUSTER_DIR, CLUSTER_PORT_BASE,
 * CLUSTER_DATABASE, CLUSTER_REDIS_PREFIX).
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatReport } from './soak-report';
import { runSoak } from './soak-run';

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

function number(args: string[], name: string, fallback: number): number {
  const raw = option(args, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const controller = new AbortController();
  let signals = 0;
  const abort = (): void => {
    signals += 1;
    if (signals > 1) process.exit(130);
    process.stderr.write('soak: stopping (again to exit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', abort);
  process.on('SIGTERM', abort);
  const report = await runSoak({
    minutes: number(args, 'minutes', 10),
    cluster: {
      dir: process.env.CLUSTER_DIR ?? '/tmp/eh-cluster',
      portBase: Number(process.env.CLUSTER_PORT_BASE ?? 4300),
      database: process.env.CLUSTER_DATABASE ?? 'eh_cluster',
      redisPrefix: process.env.CLUSTER_REDIS_PREFIX ?? 'ehc',
      // `npm run soak` has just built dist/.
      skipBuild: true,
    },
    keepCluster: args.includes('--keep-cluster'),
    cleanAfter: args.includes('--clean'),
    pgRestart: args.includes('--pg-restart'),
    noFaults: args.includes('--no-faults'),
    ratePerSecond: number(args, 'rate', 1),
    maxInFlight: number(args, 'max-in-flight', 120),
    faults: { gapMs: [1_000, 3_000], outageMs: [1_000, 5_000], natsOutageMs: [2_000, 10_000], stallMs: [2_000, 8_000], recoveryTimeoutMs: 90_000 },
    drainTimeoutMs: 240_000,
    log: (line) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`),
    signal: controller.signal,
  });
  const text = formatReport(report);
  process.stdout.write(`\n${text}\n`);
  const out = path.join(process.env.CLUSTER_DIR ?? '/tmp/eh-cluster', `soak-${report.runId}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(report, null, 2));
  process.stdout.write(`full report: ${out}\n`);
  process.exit(report.passed ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error('soak failed', error);
  process.exit(2);
});
