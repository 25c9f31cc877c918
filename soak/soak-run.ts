import { randomBytes } from 'node:crypto';
import { connectNats, createPool } from '@eh/platform';
import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { ClusterControl, SERVICE_REPLICAS, NATS_SERVERS, type ClusterSettings } from './cluster/cluster-control';
import { checkCreditLedger } from './checks/credit-ledger.check';
import { checkDeploymentClocks } from './checks/deployment-clocks.check';
import { checkDeploymentHistories, foldDeployments } from './checks/deployment-history.check';
import { isQuiet, measureQuiet, type Quietness } from './checks/quiet-cluster';
import { checkRelayPublication } from './checks/relay-publication.check';
import { loadEvents, loadSnapshot, readStream } from './checks/soak-evidence';
import type { CheckResult, Violation } from './checks/soak-violation';
import { checkWebhookDeliveries } from './checks/webhook-delivery.check';
import { FaultInjector, type FaultKind, type FaultRecord, type FaultSettings } from './faults/fault-injector';
import { RequestStats, SoakClient } from './load/soak-client';
import { SoakLoad, type CreateRecord } from './load/soak-load';
import { setUpWorld } from './load/soak-setup';
import { WebhookReceivers } from './load/webhook-receivers';

export interface SoakOptions {
  minutes: number;
  cluster: ClusterSettings;
  /** Leave a cluster this run started running at the end (one it found running is always left). */
  keepCluster: boolean;
  /** Drop the database, Redis keys and state dir of a cluster this run started (tests). */
  cleanAfter: boolean;
  /** Adds the real `pg_ctlcluster restart` to the faults. */
  pgRestart: boolean;
  ratePerSecond: number;
  maxInFlight: number;
  faults: Omit<FaultSettings, 'kinds'>;
  /** No faults at all: the same load and checks, for a baseline. */
  noFaults?: boolean;
  /** How long to wait for the work to drain and the cluster to go quiet before checking. */
  drainTimeoutMs: number;
  log: (line: string) => void;
  signal?: AbortSignal;
}

export interface SoakReport {
  runId: string;
  passed: boolean;
  aborted: boolean;
  minutes: number;
  startedCluster: boolean;
  creates: Record<string, number>;
  /** Each distinct reason a create was refused (4xx), with an example. */
  refusals: Record<string, { count: number; op: string }>;
  faults: Record<string, number>;
  unrecoveredFaults: FaultRecord[];
  faultLog: FaultRecord[];
  checks: Record<string, CheckResult>;
  violations: Violation[];
  quiet: Quietness | null;
  requests: {
    total: number;
    retries: number;
    abandoned: number;
    byStatus: Record<string, number>;
    retriedFor: Record<string, { count: number; message: string }>;
    retryLog: RequestStats['retryLog'];
    longestWait: RequestStats['longestWait'];
  };
  load: SoakLoad['counts'] & { unfinishedScripts: number };
  durationMs: number;
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * The soak: starts the local cluster (or uses the one running), sets up workspaces,
 * experts and receivers, runs the steady mix while faults strike one at a time, drains, and
 * checks what must hold whatever the faults. Everything it started is stopped in `finally`,
 * whatever happened.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const runId = randomBytes(3).toString('hex');
  const { log, signal } = options;
  const startedCluster = !(await ClusterControl.running(options.cluster));
  log(`soak ${runId}: ${startedCluster ? 'starting the cluster' : 'using the running cluster'} in ${options.cluster.dir}`);
  let cluster: ClusterControl | undefined;
  let nats: NatsConnection | undefined;
  let pool: Pool | undefined;
  let receivers: WebhookReceivers | undefined;
  let injector: FaultInjector | undefined;
  let load: SoakLoad | undefined;
  try {
    cluster = await ClusterControl.start(options.cluster);
    log(`cluster ready: gateway ${cluster.gatewayUrl}`);
    nats = await connectNats({ servers: cluster.natsUrl, name: `soak-${runId}` });
    const jsm = await nats.jetstreamManager();
    // The checks read every event at once: far longer than the services' few-second bounds allow.
    pool = createPool(cluster.directDatabaseUrl, { max: 4, statement_timeout: 300_000, query_timeout: 310_000, connectionTimeoutMillis: 30_000 });
    receivers = await WebhookReceivers.start(cluster.setting('WEBHOOK_TIMEOUT_MS'));
    const kinds: FaultKind[] = options.noFaults
      ? []
      : ['replica-kill', 'nats-restart', 'redis-flush', 'postgres-cut', ...(options.pgRestart ? (['postgres-restart'] as const) : [])];
    const activeInjector = new FaultInjector(cluster, jsm, { ...options.faults, kinds }, log);
    injector = activeInjector;
    const stats = new RequestStats();
    const client = new SoakClient(cluster.gatewayUrl, stats, (from, to) => activeInjector.between(from, to));
    const world = await setUpWorld(client, cluster.adminKey, receivers, runId);
    log(`set up ${world.workspaces.length} workspaces and ${world.experts.length} experts (skill ${world.skill})`);
    load = new SoakLoad(client, world, receivers, cluster.adminKey, {
      ratePerSecond: options.ratePerSecond,
      maxInFlight: options.maxInFlight,
      replyWindowSeconds: cluster.setting('REPLY_WINDOW_SECONDS'),
      slaStandardSeconds: cluster.setting('SLA_STANDARD_SECONDS'),
    });
    load.start();
    if (kinds.length > 0) activeInjector.start();
    const until = Date.now() + options.minutes * 60_000;
    while (Date.now() < until && !signal?.aborted) {
      await sleep(Math.min(30_000, until - Date.now()), signal);
      const faults = Object.entries(activeInjector.counts())
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ');
      log(
        `${Math.round((Date.now() - started) / 1000)} s: ${load.creates.length} creates, ${load.inFlight} scripts running, ${stats.requests} requests; faults: ${faults || 'none'}`,
      );
    }
    log('stopping the faults');
    await activeInjector.stop();
    load.stopCreating();
    if (signal?.aborted) throw new Error('soak aborted');
    log('draining: no new deployments; scripts finish, the cluster goes quiet');
    const drainDeadline = Date.now() + options.drainTimeoutMs;
    const { unfinished } = await load.drain(options.drainTimeoutMs);
    const slackSeconds =
      cluster.setting('TIMER_RECONCILE_SECONDS') * 2 +
      cluster.setting('WEBHOOK_RECONCILE_INTERVAL_MS') / 1000 +
      cluster.setting('WEBHOOK_JOB_LOCK_MS') / 1000 +
      15;
    let quiet: Quietness | null = null;
    // At least one look, however long the scripts took; then until quiet or the drain deadline.
    for (;;) {
      quiet = await measureQuiet(pool, jsm, cluster.streamName, slackSeconds).catch(() => null);
      if ((quiet && isQuiet(quiet)) || Date.now() > drainDeadline || signal?.aborted) break;
      await sleep(2_000, signal);
    }
    log(`quiet: ${JSON.stringify(quiet)}`);
    const now = Date.now();
    const { events, deployments: deploymentViews, deliveries } = await loadSnapshot(pool);
    const messages = await readStream(nats.jetstream(), jsm, cluster.streamName);
    const eventsAfter = await loadEvents(pool);
    const folded = foldDeployments(events);
    const checks: Record<string, CheckResult> = {
      deployments: checkDeploymentHistories(folded, deploymentViews, load.creates),
      relay: checkRelayPublication(events, messages, eventsAfter),
      webhooks: checkWebhookDeliveries({
        events,
        deliveries,
        received: receivers.received,
        workspaceIds: new Set(world.workspaces.map((w) => w.id)),
        now,
        slackMs: slackSeconds * 1000,
      }),
      ledger: checkCreditLedger(events, folded.deployments),
      timers: checkDeploymentClocks(folded.deployments, now, slackSeconds * 1000),
    };
    const violations = Object.values(checks).flatMap((check) => check.violations);
    const unrecovered = activeInjector.log.filter((fault) => fault.recoveredAt === null);
    for (const fault of unrecovered)
      violations.push({
        check: 'recovery',
        subject: `${fault.kind} ${fault.target}`,
        detail: `the cluster did not recover within ${options.faults.recoveryTimeoutMs} ms (${fault.note})`,
      });
    return {
      runId,
      passed: violations.length === 0,
      aborted: false,
      minutes: options.minutes,
      startedCluster,
      creates: countBy(load.creates, (create) => `${create.mode} ${create.status}${create.code ? ` ${create.code}` : ''}`),
      refusals: refusalsOf(load.creates),
      faults: activeInjector.counts(),
      unrecoveredFaults: unrecovered,
      faultLog: activeInjector.log,
      checks,
      violations,
      quiet,
      requests: {
        total: stats.requests,
        retries: stats.retries,
        abandoned: stats.abandoned,
        byStatus: Object.fromEntries(stats.byStatus),
        retriedFor: Object.fromEntries(stats.retriedFor),
        retryLog: stats.retryLog,
        longestWait: stats.longestWait,
      },
      load: { ...load.counts, unfinishedScripts: unfinished },
      durationMs: Date.now() - started,
    };
  } finally {
    // Whatever happened: no fault left in place, nothing left running that this run started.
    await injector?.stop().catch(() => undefined);
    if (load) await load.drain(0).catch(() => undefined);
    if (cluster) {
      for (const name of [...SERVICE_REPLICAS, ...NATS_SERVERS]) cluster.release(name);
      cluster.restorePostgres();
    }
    await receivers?.close().catch(() => undefined);
    await pool?.end().catch(() => undefined);
    await nats?.close().catch(() => undefined);
    if (cluster && startedCluster && !options.keepCluster) {
      log(options.cleanAfter ? 'cleaning the cluster up' : 'stopping the cluster');
      await (options.cleanAfter ? cluster.clean() : cluster.stop()).catch((error: unknown) => log(`cluster stop failed: ${String(error)}`));
    } else if (!cluster && startedCluster) {
      // A start that failed half way still leaves processes: stop them with the same settings.
      await ClusterControl.stopAt(options.cluster, options.cleanAfter).catch(() => undefined);
    }
  }
}

function refusalsOf(creates: readonly CreateRecord[]): Record<string, { count: number; op: string }> {
  const refusals: Record<string, { count: number; op: string }> = {};
  for (const create of creates) {
    if (create.status < 400 || create.status >= 500) continue;
    const reason = `${create.status} ${create.code ?? ''}: ${create.message ?? ''}`;
    refusals[reason] = { count: (refusals[reason]?.count ?? 0) + 1, op: refusals[reason]?.op ?? create.op };
  }
  return refusals;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

export type { CreateRecord };
