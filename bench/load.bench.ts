import path from 'node:path';
import { startServices, type RunningServices } from '../test/support/service-harness';
import { completedAt, waitForCompletion } from './load/completion-times';
import { createPhase, failuresAcross, round, servicePids, type Target } from './load/create-phase';
import { createAloneAtTenConnections, type ClosedLoopFloor } from './load/create-alone';
import { floorCpuPerInsertAtRate } from './load/floor-at-rate';
import { startFloor } from './load/floor-service';
import { harnessSettings } from './load/harness-settings';
import { HttpLoadClient } from './load/http-load-client';
import { runClosedLoop, runOpenLoop, summary, type OpenLoopResult } from './load/open-loop';
import { gcPausesBetween, readGcPauses } from './load/gc-pauses';
import { cpuBetween, sampleCpu } from './load/process-cpu';
import { settledIdleCpu } from './load/settled-idle-cpu';
import { livePhase } from './load/live-phase';
import { Partners } from './load/partners';
import { TracedRequests } from './load/slow-traces';
import type { SlowTracing } from './load/create-phase';
import { OtlpReceiver } from '../test/support/otlp-receiver';
import { printFigures, runBench } from './bench-run';
import { layout, option, settings } from './load/load-settings';

/**
 * `npm run bench:load -- [--seconds 60] [--rates 20,50,100,200] [--get-rate 500] [--live-rate 5] [--live-seconds 30] [--live-experts stream|poll] [--live-only] [--workspaces 5] [--unlimited] [--trace-slow 5] [--layout combined|separate]`
 *
 * Open-loop, evenly spaced load against the real services, in the processes `npm start` runs them
 * in (the gateway and one workers process; `--layout separate` runs each service alone), and, in
 * the same run, the floor: a bare Fastify route with one PostgreSQL insert and one GET by primary
 * key. Each test-mode phase's CPU per deployment reads against the floor's insert at ten connections
 * and at the phase's own rate; the last phase times creates with every process but the gateway
 * stopped. The service runs its default configuration: rate limits on, the load shared by `--workspaces` partners, each from its own address with the keys its share needs;
 * every setting the bench changes is printed with the figures (`--unlimited` turns the rate limits
 * off and puts all the load on one workspace, as earlier runs of this bench did). `--trace-slow N`
 * turns tracing on (OTLP to a receiver in the bench) and prints, for each open-loop phase, its N
 * slowest requests' spans across the services and what else the gateway ran meanwhile: tracing
 * costs CPU, so those runs' CPU figures do not compare with untraced ones. CPU time of every process (services, PostgreSQL, NATS, Redis) comes from
 * /proc, so run it alone on the machine: anything else using those servers is counted too.
 */
const ADMIN_KEY = 'svc_admin_bench_0123456789abcdef0123456789abcdef';

/** The service's own default (RATE_LIMIT_PER_MINUTE). */
const DEFAULT_RATE_LIMIT_PER_MINUTE = 1000;
/**
 * The most 10 connections flat out could ask per second (the floor's GET runs at about 8,000 here):
 * the closed-loop partners are given keys for this much, create and GET in the same minute.
 */
const CLOSED_LOOP_PEAK_PER_SECOND = 10_000;
/** The floor's GETs per second beside each GET window: enough for a p99 of its own, too few to load the machine. */
const FLOOR_PROBE_RATE = 50;
/** Which workspace created each deployment: its GETs go out with that workspace's keys. */
const ownerOf = new Map<string, number>();

/** Idle CPU, the floor beside the service, test mode at each rate, and GETs: all but live mode. */
async function testModeFigures(
  services: RunningServices,
  clients: {
    partners: Partners;
    throughputPartners: Partners;
    floorClient: HttpLoadClient;
    floorPid: number | undefined;
    testBody: (index: number) => Record<string, unknown>;
  },
  report: Record<string, unknown>,
  tracing: SlowTracing | undefined,
): Promise<ClosedLoopFloor> {
  const { partners, throughputPartners, floorClient, floorPid, testBody } = clients;
  const target: Target = (index) => partners.at(index);
  // Idle: what the stack burns doing nothing, so the per-deployment figures can be read against it.
  const idle = await settledIdleCpu(() => servicePids(services));
  report.idle_cpu_ms_per_second = idle.perSecond;
  report.idle_settled_after_s = idle.settledAfterSeconds;

  // Floor and service side by side at 10 connections (closed loop: throughput).
  const floorIds: string[] = [];
  // The floor's own CPU per insert (its process and PostgreSQL) is the yardstick of this
  // machine's speed: CPU per deployment reads against it from one host to the next.
  const floorCpuBefore = sampleCpu({ floor: floorPid });
  const floorPost = await runClosedLoop(10, settings.closedSeconds, async (index) => {
    const answer = await floorClient.request<{ id: string }>('POST', '/items', { body: testBody(index) });
    if (answer.status !== 201) throw new Error(`floor ${answer.status}`);
    floorIds.push(answer.body.id);
  });
  const floorCpu = cpuBetween(floorCpuBefore, sampleCpu({ floor: floorPid }));
  const floorCpuPerInsertMs = ((floorCpu.byProcess.floor ?? 0) + (floorCpu.byProcess.postgresql ?? 0)) / Math.max(1, floorIds.length);
  const getFromFloor = async (index: number) => {
    if ((await floorClient.request('GET', `/items/${floorIds[index % floorIds.length]}`)).status !== 200) throw new Error('floor get');
  };
  const floorGet = await runClosedLoop(10, settings.closedSeconds, getFromFloor);
  const serviceIds: string[] = [];
  // Partners of their own, so the minute these send flat out is not held against the open-loop phases' windows.
  const closedOwners = new Map<string, number>();
  const servicePost = await runClosedLoop(10, settings.closedSeconds, async (index) => {
    const { client, key, partner } = throughputPartners.at(index);
    const answer = await client.request<{ id: string }>('POST', '/v1/deployments', { key, body: testBody(index) });
    if (answer.status !== 201) throw new Error(`create ${answer.status}`);
    serviceIds.push(answer.body.id);
    closedOwners.set(answer.body.id, partner);
  });
  await waitForCompletion(services.database.pool, serviceIds, 120_000);
  const serviceGet = await runClosedLoop(10, settings.closedSeconds, async (index) => {
    if ((await throughputPartners.getOwn(serviceIds[index % serviceIds.length], index, closedOwners)).status !== 200) throw new Error('get');
  });
  report.throughput_at_10_connections = {
    floor_insert_per_s: floorPost.perSecond,
    create_per_s: servicePost.perSecond,
    create_percent_of_floor: Math.round((100 * servicePost.perSecond) / floorPost.perSecond),
    floor_cpu_ms_per_insert: Math.round(floorCpuPerInsertMs * 100) / 100,
    floor_get_per_s: floorGet.perSecond,
    get_per_s: serviceGet.perSecond,
    get_percent_of_floor: Math.round((100 * serviceGet.perSecond) / floorGet.perSecond),
    // A refused request ends sooner than a served one: any here would flatter the figures above.
    failures: { create: servicePost.failures, get: serviceGet.failures },
  };

  // Test mode at fixed rates, open loop: create latency, completion, CPU per deployment.
  const phases = [];
  for (const rate of settings.rates) {
    const phase = await createPhase(services, target, rate, settings.seconds, testBody, ownerOf, tracing);
    const floorAtRate = await floorCpuPerInsertAtRate(floorClient, floorPid, rate, Math.min(settings.seconds, 20), testBody);
    phases.push({
      ...phase,
      cpu_per_deployment_in_floor_inserts: round(phase.cpu_ms_per_deployment / floorCpuPerInsertMs),
      floor_cpu_ms_per_insert_at_this_rate: Math.round(floorAtRate * 100) / 100,
      cpu_per_deployment_in_floor_inserts_at_this_rate: round(phase.cpu_ms_per_deployment / floorAtRate),
    });
    process.stderr.write(
      `test mode ${rate}/s: create p99 ${phase.create_ms.p99} ms, completion p99 ${phase.completion_ms.p99} ms, ${phase.cpu_ms_per_deployment} ms CPU/deployment\n`,
    );
  }
  report.test_mode = phases.map(({ ids: _ids, ...rest }) => rest);
  report.highest_rate_held = Math.max(0, ...phases.filter((phase) => phase.held).map((phase) => phase.rate));

  // GET at an even rate over the deployments just created.
  const getIds = phases.flatMap((phase) => phase.ids);
  const floorGetOpen = await runOpenLoop(settings.getRate, Math.min(settings.seconds, 30), getFromFloor);
  const gatewayMetrics = `${services.healthUrlOf('gateway')}/metrics`;
  const gcBefore = await readGcPauses(gatewayMetrics);
  // In 10 s windows, so what follows the create phases (its garbage, its autovacuum) shows apart from the steady state.
  const getWindows: OpenLoopResult[] = [];
  // The floor asked a few times a second beside each window: when both are slow at once the machine
  // (or this client) stalled, not the service.
  const floorProbes: OpenLoopResult[] = [];
  const slowGets = [];
  for (let window = 0; window < Math.max(1, Math.round(Math.min(settings.seconds, 30) / 10)); window++) {
    const traced = new TracedRequests();
    const [result, probe] = await Promise.all([
      runOpenLoop(settings.getRate, 10, async (index) => {
        const id = getIds[(index + window * 7919) % getIds.length];
        const headers = tracing ? traced.headers(index) : undefined;
        if ((await partners.getOwn(id, index, ownerOf, headers)).status !== 200) throw new Error('get');
      }),
      runOpenLoop(FLOOR_PROBE_RATE, 10, getFromFloor),
    ]);
    getWindows.push(result);
    floorProbes.push(probe);
    if (tracing) slowGets.push(await traced.slowest(tracing.receiver, result.latencyByIndex, tracing.slowest));
  }
  const gatewayGc = gcPausesBetween(gcBefore, await readGcPauses(gatewayMetrics));
  report.get_open_loop = {
    rate: settings.getRate,
    floor_ms: summary(floorGetOpen.latenciesMs),
    get_ms: summary(getWindows.flatMap((window) => window.latenciesMs)),
    get_ms_by_10s_window: getWindows.map((window) => summary(window.latenciesMs)),
    floor_probe_rate: FLOOR_PROBE_RATE,
    floor_probe_ms_by_10s_window: floorProbes.map((window) => summary(window.latenciesMs)),
    failures: failuresAcross(getWindows),
    gateway_gc_pauses: gatewayGc,
    ...(tracing ? { slowest_gets_by_10s_window: slowGets } : {}),
  };
  return { insertsPerSecond: floorPost.perSecond, cpuMsPerInsert: floorCpuPerInsertMs };
}

async function main(): Promise<void> {
  // --profile DIR: every service writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profileDir = option('profile', '');
  const profiling: Record<string, string> = profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir)}` } : {};
  // Health ports: the gateway's /metrics gives its GC pauses during the GET phase.
  // Only what the bench must change; everything else is the service's default (printed below).
  const changed: Record<string, string> = {
    ADMIN_API_KEY: ADMIN_KEY,
    // Polling experts hold no stream: only without presence would the router count them reachable.
    EXPERT_REACHABILITY: settings.liveExperts === 'poll' ? 'off' : 'required',
    ...(settings.unlimited ? { RATE_LIMIT_PER_MINUTE: '10000000', AUTH_FAILURES_PER_MINUTE: '1000000', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' } : {}),
  };
  const receiver = settings.traceSlow > 0 ? await OtlpReceiver.start() : undefined;
  if (receiver) {
    // JSON so the bench reads the spans back; batches every 500 ms, and room for every span of a 200/s phase.
    Object.assign(changed, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '500',
      OTEL_BSP_MAX_QUEUE_SIZE: '100000',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '5000',
    });
  }
  const tracing = receiver ? { receiver, slowest: settings.traceSlow } : undefined;
  const services = await startServices({ ...profiling, ...changed }, { healthPorts: true, layout });
  const floor = await startFloor();
  const floorClient = new HttpLoadClient(floor.url);
  // Operations and the experts: the admin API, the experts' own requests and streams.
  const client = new HttpLoadClient(services.baseUrl);
  const perKeyPerMinute = settings.unlimited ? 10_000_000 : DEFAULT_RATE_LIMIT_PER_MINUTE;
  // The service's default for all of a workspace's keys together: ten keys' worth.
  const perWorkspacePerMinute = 10 * perKeyPerMinute;
  // Within any minute the open-loop partners send at most one create phase and the GETs after it.
  const partners = await Partners.create(services.baseUrl, ADMIN_KEY, {
    count: settings.workspaces,
    perMinute: 60 * (Math.max(...settings.rates) + settings.getRate),
    perKeyPerMinute,
    perWorkspacePerMinute,
    name: 'bench load',
    firstAddress: 20,
  });
  const throughputPartners = await Partners.create(services.baseUrl, ADMIN_KEY, {
    count: settings.workspaces,
    perMinute: 2 * settings.closedSeconds * CLOSED_LOOP_PEAK_PER_SECOND,
    perKeyPerMinute,
    perWorkspacePerMinute,
    name: 'bench throughput',
    firstAddress: 20 + partners.all.length,
  });
  const report: Record<string, unknown> = {
    settings,
    service_settings_changed: { ...changed, ...harnessSettings(services) },
    partners: {
      workspaces: partners.all.length,
      test_keys: partners.keyCount,
      throughput_workspaces: throughputPartners.all.length,
      throughput_test_keys: throughputPartners.keyCount,
      rate_limit_per_key_per_minute: settings.unlimited ? 'off' : perKeyPerMinute,
    },
  };
  try {
    const workspace = partners.all[0];
    const testBody = (index: number) => ({ brief: `Load benchmark brief number ${index}: write a tagline for a bakery.`, skills: ['copywriting'] });

    const floorAtTen = settings.liveOnly
      ? undefined
      : await testModeFigures(services, { partners, throughputPartners, floorClient, floorPid: floor.pid, testBody }, report, tracing);

    // Live mode, worked by scripted experts through /expert/v1: on the event stream, as the console, or polling.
    const live = await livePhase(services, client, workspace, ADMIN_KEY, ownerOf);
    report.live_mode = live.figures;
    report.completed_check = (await completedAt(services.database.pool, live.ids)).size;
    if (floorAtTen)
      report.create_alone_at_10_connections = await createAloneAtTenConnections(services, throughputPartners, settings.closedSeconds, testBody, floorAtTen);

    printFigures(report);
  } finally {
    client.close();
    partners.close();
    throughputPartners.close();
    floorClient.close();
    await floor.stop();
    await services.stop();
    await receiver?.close();
  }
}

runBench(main);
