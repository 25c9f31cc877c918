import fc from 'fast-check';
import { request } from '../http';
import { SERVICE_NAMES, type RunningServices } from '../service-harness';
import { requestCases, type RequestCases } from './cases';
import type { FuzzCase } from './fuzz-case';
import type { Catalog } from './catalog';
import { sleep, triage, type Recent } from './crash-triage';
import { generate, type FailureGroup, type FuzzOptions, type FuzzRun, type Shrunk } from './fuzz-run';
import { errorCode, errorValidator, judge, type ErrorValidator, type Verdict } from './oracle';
import { exchange, type Exchange } from './raw-http';
import { FUZZ_SKILLS } from './world';
import { describeRendered, render, type FuzzWorld, type Rendered } from './render';

/** A request whose framing never completes may get no answer: wait this long for one. */
const UNANSWERED_TIMEOUT_MS = 3000;
/**
 * Answered before the body is read, then closed: past Fastify's body limit or Node's header limit,
 * and a body over UNAUTHENTICATED_BODY_MAX_BYTES (4 KB) with no credential on a guarded path.
 */
const isOversized = (rendered: Rendered): boolean =>
  rendered.body.length > 1024 * 1024 || rendered.chunks[0].length > 16 * 1024 || refusedUnauthenticated(rendered);
const GUARDED_PATH = /^\/(v1|expert\/v1|admin\/v1)\//;
const CREDENTIAL_LINE = /^(authorization\s*:\s*bearer\s+\S|cookie\s*:.*\beh_session=)/i;
const refusedUnauthenticated = (rendered: Rendered): boolean =>
  rendered.body.length > 4096 && GUARDED_PATH.test(rendered.target) && !rendered.headerLines.some((line) => CREDENTIAL_LINE.test(line));

const ID_PREFIXES: Record<string, string> = { dep_: 'deployment', hnd_: 'handoff' };

/** Sends `options.requests` generated requests, `options.concurrency` at a time, and judges every answer. */
export async function runFuzz(services: RunningServices, world: FuzzWorld, catalog: Catalog, options: FuzzOptions): Promise<FuzzRun> {
  const validate = errorValidator(catalog.errorSchema);
  const cases = requestCases(catalog, { now: Date.now(), skills: FUZZ_SKILLS });
  const timeoutMs = options.timeoutMs ?? 20_000;
  const examplesPerGroup = options.examplesPerGroup ?? 5;
  const run: FuzzRun = {
    seed: options.seed,
    requested: options.requests,
    sent: 0,
    durationMs: 0,
    perEndpoint: Object.fromEntries(catalog.endpoints.map((endpoint) => [endpoint.key, { sent: 0, statuses: {} }])),
    statuses: {},
    families: {},
    unansweredAllowed: 0,
    failureCounts: { '5xx': 0, 'no-answer': 0, 'error-shape': 0, 'request-id': 0, 'accepted-invalid': 0, 'replay-mismatch': 0 },
    groups: [],
    shrunk: [],
    exits: [],
    crashes: [],
    gatewayAnswers: false,
    stoppedEarly: null,
    setupProblems: world.setupProblems ?? [],
  };
  const groups = new Map<string, FailureGroup>();
  const recent: Recent[] = [];
  const inFlight = new Map<number, Recent>();
  const started = performance.now();
  let next = 0;
  /** Requests that met a dead service, sent again once it runs. */
  const again: number[] = [];
  let stop: string | null = null;
  /** Set while a death is triaged: workers wait before their next request. */
  let paused: Promise<void> | null = null;
  const maxCrashes = options.maxCrashes ?? 5;

  const dead = (): string | null => SERVICE_NAMES.find((name) => !services.alive(name)) ?? null;
  const deadSoon = async (): Promise<string | null> => {
    // The exit event follows the refused connections by a few milliseconds.
    for (let attempt = 0; attempt < 30; attempt++) {
      const found = dead();
      if (found) return found;
      await sleep(50);
    }
    return null;
  };

  const onDeath = async (service: string): Promise<void> => {
    if (paused) return paused;
    let release: () => void = () => undefined;
    paused = new Promise<void>((resolve) => (release = resolve));
    // Let the other requests in flight end (they fail fast against a dead service).
    for (let attempt = 0; attempt < 100 && inFlight.size > 1; attempt++) await sleep(50);
    run.crashes.push(await triage(services, service, [...recent, ...inFlight.values()], cases, catalog, world));
    if (run.crashes.length >= maxCrashes) stop = `${run.crashes.length} service deaths`;
    paused = null;
    release();
  };

  const worker = async (): Promise<void> => {
    while (!stop && (next < options.requests || again.length > 0)) {
      if (paused) await paused;
      if (stop) break;
      if (options.timeLimitMs !== null && performance.now() - started > options.timeLimitMs) {
        stop = `time limit of ${options.timeLimitMs} ms reached`;
        break;
      }
      const index = again.shift() ?? next++;
      const value = generate(cases, options.seed, index);
      const fuzzCase = value.value;
      const rendered = render(fuzzCase, catalog, world);
      const summary = `#${index} ${fuzzCase.endpoint} [${fuzzCase.family}: ${fuzzCase.detail}]\n${describeRendered(rendered, 160)}`;
      const entry: Recent = { index, value, summary, answered: false };
      inFlight.set(index, entry);
      const result = await exchange(world.host, world.port, rendered.chunks, {
        timeoutMs: fuzzCase.mayGoUnanswered ? UNANSWERED_TIMEOUT_MS : timeoutMs,
        halfClose: rendered.halfClose,
      });
      const oversized = isOversized(rendered);
      inFlight.delete(index);
      entry.answered = !!result.response;
      recent.push(entry);
      if (recent.length > 40) recent.shift();
      if (result.error === 'ECONNREFUSED' || (!result.response && !fuzzCase.mayGoUnanswered && !oversized) || run.sent % 200 === 0) {
        const died = result.error === 'ECONNREFUSED' || !result.response ? await deadSoon() : dead();
        if (died) {
          await onDeath(died);
          // This request met a dead service: it is not judged, and goes again.
          if (result.error === 'ECONNREFUSED') {
            again.push(index);
            continue;
          }
        }
      }
      run.sent++;
      const stats = run.perEndpoint[fuzzCase.endpoint];
      const status = result.response ? String(result.response.status) : `no answer (${result.error?.split(':')[0]})`;
      stats.sent++;
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
      run.statuses[status] = (run.statuses[status] ?? 0) + 1;
      run.families[fuzzCase.family] = (run.families[fuzzCase.family] ?? 0) + 1;
      if (!result.response && (fuzzCase.mayGoUnanswered || oversized)) run.unansweredAllowed++;
      learn(world, fuzzCase, result);
      const verdict = judge(fuzzCase, result, validate, oversized, rendered.target);
      if (verdict) record(groups, run, index, value, summary, verdict, result, examplesPerGroup);
      if (options.progress && run.sent % 1000 === 0)
        options.progress(
          `${run.sent} sent, ${Math.round(run.sent / ((performance.now() - started) / 1000))}/s, failures ${JSON.stringify(run.failureCounts)}, deaths ${run.crashes.length}`,
        );
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  run.durationMs = performance.now() - started;
  run.stoppedEarly = stop;
  run.groups = [...groups.values()].sort((a, b) => b.count - a.count);
  const deadAtEnd = dead();
  if (deadAtEnd) run.crashes.push(await triage(services, deadAtEnd, recent, cases, catalog, world));
  run.gatewayAnswers = await gatewayAnswers(services.baseUrl, world);
  if (run.gatewayAnswers) run.shrunk = await shrinkGroups(run.groups, cases, catalog, world, validate, options);
  run.exits = SERVICE_NAMES.filter((name) => !services.alive(name));
  return run;
}

function record(
  groups: Map<string, FailureGroup>,
  run: FuzzRun,
  index: number,
  value: fc.Value<FuzzCase>,
  summary: string,
  verdict: Verdict,
  result: Exchange,
  keep: number,
): void {
  run.failureCounts[verdict.kind]++;
  const code = result.response ? errorCode(result.response.body) : null;
  // One cause shows at many routes: group by what failed and how, and count the routes.
  const key = [verdict.kind, verdict.status ?? verdict.reason.split(':')[0], value.value.family, code ?? ''].join(' ').trim();
  let group = groups.get(key);
  if (!group) {
    group = { key, kind: verdict.kind, endpoint: value.value.endpoint, endpoints: {}, status: verdict.status, count: 0, examples: [], first: value };
    groups.set(key, group);
  }
  group.count++;
  group.endpoints[value.value.endpoint] = (group.endpoints[value.value.endpoint] ?? 0) + 1;
  if (group.examples.length < keep)
    group.examples.push({ index, request: value.value, rendered: summary, verdict, requestId: result.response?.headers['request-id'] ?? null });
}

/** Identifiers the run creates join the pools, so later requests act on them too. */
function learn(world: FuzzWorld, fuzzCase: FuzzCase, result: Exchange): void {
  const response = result.response;
  if (!response || response.status >= 300 || fuzzCase.auth.kind !== 'valid') return;
  try {
    const body = JSON.parse(response.body.toString('utf8')) as { id?: unknown; deployment_id?: unknown };
    for (const id of [body.id, body.deployment_id]) {
      if (typeof id !== 'string') continue;
      const kind = ID_PREFIXES[id.slice(0, 4)];
      if (!kind) continue;
      const pool = (world.pools[`${kind}:${fuzzCase.auth.mode}`] ??= []);
      if (!pool.includes(id) && pool.length < 500) pool.push(id);
    }
  } catch {
    // not JSON: nothing to learn
  }
}

async function gatewayAnswers(baseUrl: string, world: FuzzWorld): Promise<boolean> {
  try {
    const ready = await fetch(`${baseUrl}/health/ready`);
    const usage = await request(baseUrl, 'GET', '/v1/usage', { key: world.credentials.live });
    return ready.ok && usage.status === 200;
  } catch {
    return false;
  }
}

/**
 * fast-check's own shrinking, driven by hand: each candidate the arbitrary proposes is sent, and
 * kept when it fails the same way at the same endpoint; until no candidate does or the budget
 * is spent.
 */
async function shrinkGroups(
  groups: FailureGroup[],
  cases: RequestCases,
  catalog: Catalog,
  world: FuzzWorld,
  validate: ErrorValidator,
  options: FuzzOptions,
): Promise<Shrunk[]> {
  const out: Shrunk[] = [];
  const budget = options.shrinkBudget ?? 60;
  for (const group of groups.slice(0, options.shrinkGroups ?? 6)) {
    let current = group.first;
    let currentVerdict = group.examples[0].verdict;
    let requestId: string | null = group.examples[0].requestId;
    let sent = 0;
    let steps = 0;
    outer: while (sent < budget) {
      for (const candidate of cases.forEndpoint(group.endpoint).shrink(current.value, current.context)) {
        if (sent >= budget) break outer;
        if (candidate.value.endpoint !== group.endpoint) continue;
        sent++;
        const rendered = render(candidate.value, catalog, world);
        const result = await exchange(world.host, world.port, rendered.chunks, {
          timeoutMs: candidate.value.mayGoUnanswered ? UNANSWERED_TIMEOUT_MS : (options.timeoutMs ?? 20_000),
          halfClose: rendered.halfClose,
        });
        const verdict = judge(candidate.value, result, validate, isOversized(rendered), rendered.target);
        if (verdict && verdict.kind === group.kind && verdict.status === group.status) {
          current = candidate;
          currentVerdict = verdict;
          requestId = result.response?.headers['request-id'] ?? null;
          steps++;
          continue outer;
        }
      }
      break;
    }
    const rendered = render(current.value, catalog, world);
    out.push({
      group: group.key,
      steps,
      sent,
      example: {
        index: group.examples[0].index,
        request: current.value,
        rendered: `${current.value.endpoint} [${current.value.family}: ${current.value.detail}]\n${describeRendered(rendered, 400)}`,
        verdict: currentVerdict,
        requestId,
      },
    });
  }
  return out;
}
