import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startServices } from '../test/support/service-harness';
import { gcPausesBetween, readGcPauses, type GcPauses } from './load/gc-pauses';
import { waitForCompletion } from './load/completion-times';
import { HttpLoadClient } from './load/http-load-client';
import { runOpenLoop, summary } from './load/open-loop';
import { ABUSE_PATTERNS, ABUSER_ADDRESS } from './tenants/abuse-patterns';
import { watchResidentMemory } from './tenants/resident-memory';
import { sleep, Tally } from './tenants/tally';
import { workspaceWithKeys } from './load/workspace-keys';
import { runBench } from './bench-run';

/**
 * `npm run bench:tenants -- [--seconds 15] [--quiet-rate 100] [--history 1000] [--rate-limit N] [--only TEXT]`
 *
 * A quiet workspace GETs its deployments at an even `--quiet-rate` per second, alone, then while
 * another workspace's key (and strangers) run an abuse pattern at the most they are allowed, and
 * so on for each pattern: a window alone before every pattern and one at the end. The limits are the service's defaults unless `--rate-limit` sets the per-key rate: the
 * quiet workspace, a partner with more traffic than one key carries, spreads its GETs over as many
 * keys as that rate needs, as such a partner would; the abuser uses one key at its whole rate (and,
 * for event streams, as many keys as its workspace may stream on).
 *
 * Prints, per window, the quiet workspace's GET p50/p99 against the median p99 of the windows alone
 * and the gateway's highest resident memory. The targets: p99 within 2× of alone, memory under
 * 512 MiB.
 * Each pattern runs in a process of its own at the lowest CPU priority (the attacker's machine is
 * not the server's). Run it alone on the machine: any other load shows in the quiet tail.
 */
const ADMIN_KEY = 'svc_admin_bench_0123456789abcdef0123456789abcdef';
/** The service's own default (RATE_LIMIT_PER_MINUTE): what every key is allowed unless the bench is told otherwise. */
const DEFAULT_RATE_LIMIT_PER_MINUTE = 1000;
/** Open event streams one workspace may hold (EVENT_STREAMS_PER_WORKSPACE's default) over this many keys. */
const ABUSER_STREAM_KEYS = 4;
const P99_RATIO_TARGET = 2;
const MEMORY_TARGET_MIB = 512;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const settings = {
  seconds: Number(option('seconds', '15')),
  quietRate: Number(option('quiet-rate', '100')),
  history: Number(option('history', '1000')),
  /** Only the patterns whose name holds this text (all by default). */
  only: option('only', ''),
  // Per key, as every partner has it; unset, the service's default applies and is not overridden.
  rateLimitPerMinute: option('rate-limit', '') === '' ? undefined : Number(option('rate-limit', '')),
};
const perKeyPerMinute = settings.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;

async function expectCreated<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200 && status !== 201) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Creates `count` test deployments at `perSecond` over `keys` in turn; gives their ids. */
async function createDeployments(client: HttpLoadClient, keys: readonly string[], count: number, perSecond: number): Promise<string[]> {
  const result = await runOpenLoop(perSecond, count / perSecond, async (index) => {
    const answer = await client.request<{ id: string }>('POST', '/v1/deployments', {
      key: keys[index % keys.length],
      body: { brief: `Tenant benchmark brief ${index}: write a tagline for a bakery.`, skills: ['copywriting'] },
    });
    if (answer.status !== 201) throw new Error(`create ${answer.status}`);
    return answer.body.id;
  });
  return result.results.filter((id): id is string => typeof id === 'string');
}

/** Runs one pattern in its own process at the lowest CPU priority (tenants/abuser.main.ts); gives its outcome. */
function runAbuser(input: Record<string, unknown>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile(
      'nice',
      ['-n', '19', process.execPath, path.join(__dirname, 'tenants/abuser.main.js')],
      { env: { ...process.env, ABUSE: JSON.stringify(input) }, maxBuffer: 1 << 20 },
      (error, stdout) => {
        if (error) reject(error);
        else resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null'));
      },
    );
  });
}

async function main(): Promise<void> {
  const receiver = http.createServer((request, response) => request.resume().on('end', () => response.writeHead(204).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const environment: Record<string, string> = { ADMIN_API_KEY: ADMIN_KEY, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };
  if (settings.rateLimitPerMinute !== undefined) environment.RATE_LIMIT_PER_MINUTE = String(settings.rateLimitPerMinute);
  const services = await startServices(environment, { healthPorts: true });
  const gatewayMetrics = `${services.healthUrlOf('gateway')}/metrics`;
  const gatewayPid = services.pidOf('gateway');
  if (gatewayPid === undefined) throw new Error('no gateway process');
  const quietClient = new HttpLoadClient(services.baseUrl);
  const abuserClient = new HttpLoadClient(services.baseUrl, { localAddress: ABUSER_ADDRESS });
  try {
    // A fifth of each key's rate spare, so the quiet workspace is never throttled by its own rolling window.
    const quiet = await workspaceWithKeys(services.baseUrl, ADMIN_KEY, 'bench tenants quiet', Math.ceil((settings.quietRate * 60 * 1.2) / perKeyPerMinute) - 1);
    const abuser = await workspaceWithKeys(services.baseUrl, ADMIN_KEY, 'bench tenants abuser', ABUSER_STREAM_KEYS - 2);
    const quietKeys = quiet.testKeys;
    const abuserTestKeys = abuser.testKeys;
    const abuserStreamKeys = [...abuserTestKeys, abuser.keys.live];
    const quietIds = await createDeployments(quietClient, quietKeys, 20, 20);
    // The abuser's own history: what its replays read.
    const abuserIds = await createDeployments(abuserClient, abuserTestKeys, settings.history, Math.min(50, (abuserTestKeys.length * perKeyPerMinute) / 120));
    await waitForCompletion(services.database.pool, [...quietIds, ...abuserIds], 120_000);
    const endpoint = await expectCreated(
      abuserClient.request<{ id: string }>('POST', '/v1/webhook_endpoints', { key: abuser.keys.test, body: { url: receiverUrl } }),
      'endpoint',
    );

    const quietGets = async (): Promise<{ ms: ReturnType<typeof summary>; statuses: Record<string, number>; gc: GcPauses }> => {
      const statuses = new Tally();
      const gcBefore = await readGcPauses(gatewayMetrics);
      const result = await runOpenLoop(settings.quietRate, settings.seconds, async (index) => {
        const answer = await quietClient.request('GET', `/v1/deployments/${quietIds[index % quietIds.length]}`, { key: quietKeys[index % quietKeys.length] });
        statuses.add(answer.status);
        if (answer.status !== 200) throw new Error(`get ${answer.status}`);
      });
      for (const [reason, count] of result.failures) if (!reason.startsWith('get ')) statuses.add(reason, count);
      return { ms: summary(result.latenciesMs), statuses: statuses.toJSON(), gc: gcPausesBetween(gcBefore, await readGcPauses(gatewayMetrics)) };
    };

    const rows: Record<string, unknown>[] = [];
    const aloneRows: Record<string, unknown>[] = [];
    /** The quiet workspace with nobody else on the stack: one window before every pattern, and one at the end. */
    const measureAlone = async (label: string): Promise<void> => {
      const memory = watchResidentMemory(gatewayPid);
      const alone = await quietGets();
      const row = { pattern: label, quiet_get_ms: alone.ms, quiet_statuses: alone.statuses, gateway_rss_max_mib: memory.stop(), gateway_gc: alone.gc };
      rows.push(row);
      aloneRows.push(row);
      process.stderr.write(`${label}: p50 ${alone.ms.p50} ms, p99 ${alone.ms.p99} ms\n`);
    };
    // Unmeasured: the first seconds of a fresh process (compilation, pools filling) are no one's steady state.
    await quietGets();

    const patterns = ABUSE_PATTERNS.filter((candidate) => candidate.name.includes(settings.only));
    const measuredRows: Record<string, unknown>[] = [];
    for (const pattern of patterns) {
      await measureAlone(`alone, before ${pattern.name}`);
      const memory = watchResidentMemory(gatewayPid);
      // The abuse starts 2 s before the quiet workspace is measured and runs until it is done.
      const abuse = runAbuser({
        pattern: pattern.name,
        gatewayUrl: services.baseUrl,
        key: abuser.keys.test,
        streamKeys: abuserStreamKeys,
        endpointId: endpoint.id,
        allowedPerSecond: perKeyPerMinute / 60,
        seconds: settings.seconds + 3,
      });
      await sleep(2000);
      const measured = await quietGets();
      const abuseOutcome = await abuse;
      const row = {
        pattern: pattern.name,
        quiet_get_ms: measured.ms,
        quiet_statuses: measured.statuses,
        gateway_rss_max_mib: memory.stop(),
        gateway_gc: measured.gc,
        abuse: abuseOutcome,
      };
      rows.push(row);
      measuredRows.push(row);
      process.stderr.write(
        `${pattern.name}: p50 ${measured.ms.p50} ms, p99 ${measured.ms.p99} ms, gateway ${row.gateway_rss_max_mib} MiB, abuse ${JSON.stringify(abuseOutcome)}\n`,
      );
      // Let what the pattern left (closing sockets, garbage) settle before the next one.
      await sleep(3000);
    }
    await measureAlone('alone, after every pattern');

    // The reference is the median of every window alone in this run: one stall of the machine in a
    // single window (either way) neither fails a pattern nor flatters it.
    const aloneP99 = median(aloneRows.map((row) => (row.quiet_get_ms as { p99: number }).p99));
    for (const row of rows) row.p99_vs_alone = Math.round(((row.quiet_get_ms as { p99: number }).p99 / Math.max(aloneP99, 0.1)) * 100) / 100;
    for (const row of measuredRows) row.held = (row.p99_vs_alone as number) <= P99_RATIO_TARGET && (row.gateway_rss_max_mib as number) < MEMORY_TARGET_MIB;

    const table = [
      '| pattern | quiet GET p50 ms | p99 ms | p99 vs alone | gateway RSS max MiB | gateway GC pauses over 10 ms |',
      '|---|---|---|---|---|---|',
      ...rows.map((row) => {
        const ms = row.quiet_get_ms as { p50: number; p99: number };
        const longPauses = Object.values(row.gateway_gc as GcPauses).reduce((sum, kind) => sum + kind.over10Ms, 0);
        return `| ${row.pattern} | ${ms.p50} | ${ms.p99} | ${row.p99_vs_alone}× | ${row.gateway_rss_max_mib} | ${longPauses} |`;
      }),
    ].join('\n');
    const held = measuredRows.every((row) => row.held === true);
    process.stdout.write(
      `${JSON.stringify({ settings: { ...settings, rate_limit_per_key_per_minute: perKeyPerMinute, quiet_keys: quietKeys.length, abuser_stream_keys: abuserStreamKeys.length, environment }, alone_p99_median_ms: aloneP99, rows, held }, null, 2)}\n\n${table}\n\nalone p99, median of ${aloneRows.length} windows: ${aloneP99} ms\nevery pattern within ${P99_RATIO_TARGET}× of it and under ${MEMORY_TARGET_MIB} MiB: ${held}\n`,
    );
  } finally {
    quietClient.close();
    abuserClient.close();
    await services.stop();
    receiver.close();
  }
}

runBench(main);
