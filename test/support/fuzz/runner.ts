import fc from 'fast-check';
import { xoroshiro128plus } from 'pure-rand';
import { request } from '../http';
import { SERVICE_NAMES, type RunningServices } from '../service-harness';
import { requestArbitrary, type FuzzCase } from './cases';
import { buildCatalog, type Catalog } from './catalog';
import { errorCode, errorValidator, judge, type ErrorValidator, type FailureKind, type Verdict } from './oracle';
import { exchange, type Exchange } from './raw-http';
import { describeRendered, render, type FuzzWorld, type Rendered } from './render';

export const FUZZ_ADMIN_KEY = 'svc_admin_fuzz_0123456789abcdef0123456789abcdef';
export const FUZZ_SKILLS = ['copywriting', 'naming'];

/**
 * The stack the fuzzer runs against: the per-key rate limit and the failed-authentication
 * throttle lifted far past what a run sends (they are not what is measured, and one blocked
 * address would turn the rest of the run into 429s); orphaned reservations kept for an hour, so
 * a hold a failed request leaves behind shows in usage instead of being swept before the check.
 */
export function fuzzEnv(requests: number): Record<string, string> {
  return {
    ADMIN_API_KEY: FUZZ_ADMIN_KEY,
    RATE_LIMIT_PER_MINUTE: String(Math.max(1_000_000, requests * 20)),
    AUTH_FAILURES_PER_MINUTE: String(Math.max(1_000_000, requests * 20)),
    LEDGER_RESERVATION_TTL_SECONDS: '3600',
    USAGE_CACHE_MS: '200',
  };
}

/** The catalog, with the public schemas as the running gateway documents them. */
export async function loadCatalog(baseUrl: string): Promise<Catalog> {
  const publicResponse = await fetch(`${baseUrl}/v1/openapi.json`);
  if (!publicResponse.ok) throw new Error(`GET /v1/openapi.json answered ${publicResponse.status}`);
  const expertResponse = await fetch(`${baseUrl}/expert/v1/openapi.json`).catch(() => null);
  const expertDocument = expertResponse?.ok ? await expertResponse.json() : null;
  return buildCatalog((await publicResponse.json()) as Parameters<typeof buildCatalog>[0], expertDocument as Parameters<typeof buildCatalog>[1]);
}

async function must<T>(baseUrl: string, method: string, path: string, options: Parameters<typeof request>[3], status: number[] = [200, 201]): Promise<T> {
  const response = await request<T>(baseUrl, method, path, options);
  if (!status.includes(response.status)) throw new Error(`setup: ${method} ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * A workspace with test and live keys and credits, a victim workspace for the admin routes that
 * change things, an expert with a credential and work (offered, accepted, in progress), a second
 * and a third expert for availability changes and retirement, deployments in every state,
 * handoffs and memory entries: so real identifiers reach the deep paths.
 */
export async function prepareWorld(services: RunningServices): Promise<FuzzWorld> {
  const base = services.baseUrl;
  const admin = { authorization: `Bearer ${FUZZ_ADMIN_KEY}` };
  const main = await must<{ id: string; keys: { test: string; live: string } }>(base, 'POST', '/admin/v1/workspaces', { headers: admin, body: { name: 'fuzz' } });
  const victim = await must<{ id: string; keys: { test: string; live: string } }>(base, 'POST', '/admin/v1/workspaces', { headers: admin, body: { name: 'fuzz victim' } });
  await must(base, 'POST', `/admin/v1/workspaces/${main.id}/account/credits`, { headers: admin, body: { credits: 10_000_000, reference: 'fuzz' } });
  const expert = async (name: string, skills: string[]) =>
    must<{ expert: { id: string }; credential: string }>(base, 'POST', '/admin/v1/experts', {
      headers: admin,
      body: { name, role: 'Copywriter', skills, tenure_years: 4, median_turnaround_minutes: 30, rate_credits_per_hour: 60, availability: 'online' },
    });
  const expertA = await expert('Fuzz Main', FUZZ_SKILLS);
  const expertB = await expert('Fuzz Availability', ['fuzz-b']);
  const expertC = await expert('Fuzz Victim', ['fuzz-c']);

  const pools: Record<string, string[]> = { 'deployment:test': [], 'deployment:live': [], 'handoff:test': [], 'handoff:live': [], 'memory:test': [], 'memory:live': [] };
  const create = async (key: string, mode: 'test' | 'live', body: Record<string, unknown>) => {
    const created = await must<{ id: string }>(base, 'POST', '/v1/deployments', { key, body });
    pools[`deployment:${mode}`].push(created.id);
    return created.id;
  };
  const brief = { brief: 'Name the new plan. Two options.', skills: [FUZZ_SKILLS[0]] };
  for (const metadata of [{}, {}, { test_script: 'ask_question', test_question: 'Which audience?' }, { test_script: 'stay_accepted' }]) await create(main.keys.test, 'test', { ...brief, metadata });
  await create(main.keys.test, 'test', { ...brief, webhook_url: 'https://93.184.215.14/hooks/fuzz' });
  const inProgress = await create(main.keys.live, 'live', brief);
  await create(main.keys.live, 'live', brief);
  await create(main.keys.live, 'live', { ...brief, urgency: 'priority' });
  for (const [key, mode] of [
    [main.keys.test, 'test'],
    [main.keys.live, 'live'],
  ] as const) {
    for (const entry of ['brand.voice', 'positioning.core']) {
      await must(base, 'PUT', `/v1/memory/${entry}`, { key, body: { kind: entry.startsWith('brand') ? 'voice' : 'positioning', body: 'Dry, warm, short.' } });
      pools[`memory:${mode}`].push(entry);
    }
    const handoff = await must<{ id: string; deployment_id?: string }>(base, 'POST', '/v1/handoffs', {
      key,
      body: { surface: 'editor.sidebar', outcome: FUZZ_SKILLS[0], return: 'hero-copy.md', context: { goal: 'Rewrite the hero.', memory_keys: ['brand.voice'] } },
    });
    pools[`handoff:${mode}`].push(handoff.id);
    if (handoff.deployment_id) pools[`deployment:${mode}`].push(handoff.deployment_id);
  }
  // The expert takes one live deployment to in_progress, so expert actions meet every state.
  const expertKey = { authorization: `Bearer ${expertA.credential}` };
  for (let attempt = 0; attempt < 100; attempt++) {
    const offers = await must<{ data: { id: string }[] }>(base, 'GET', '/expert/v1/offers', { headers: expertKey });
    if (offers.data.some((offer) => offer.id === inProgress)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Not fatal: the run goes on without an in-progress deployment, and reports what went wrong.
  const setupProblems: string[] = [];
  for (const action of ['accept', 'start']) {
    const response = await request(base, 'POST', `/expert/v1/deployments/${inProgress}/${action}`, { headers: expertKey });
    if (response.status >= 500) setupProblems.push(`setup: the expert's valid ${action} of ${inProgress} answered ${response.status} ${JSON.stringify(response.body)}`);
  }

  const victimSummary = await must<{ keys: { key_id: string }[] }>(base, 'GET', `/admin/v1/workspaces/${victim.id}`, { headers: admin });
  const deliveries = await must<{ data: { id: string }[] }>(base, 'GET', '/admin/v1/webhook-deliveries?limit=10', { headers: admin });
  const document = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { components: { schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } } } };
  const codes = document.components.schemas.Error.properties.error.properties.code.enum;
  return {
    host: '127.0.0.1',
    port: Number(new URL(base).port),
    credentials: { test: main.keys.test, live: main.keys.live, expert: expertA.credential, expertB: expertB.credential, admin: FUZZ_ADMIN_KEY },
    pools: {
      ...pools,
      expert: [expertA.expert.id, expertB.expert.id, expertC.expert.id],
      workspace: [main.id, victim.id],
      delivery: deliveries.data.map((delivery) => delivery.id).concat('del_01ARZ3NDEKTSV4RRFFQ69G5FAV'),
      mode: ['test', 'live'],
      key: victimSummary.keys.map((key) => key.key_id),
      code: [...codes, 'nope', 'not_found'],
    },
    victims: { workspace: [victim.id], expert: [expertC.expert.id], key: victimSummary.keys.map((key) => key.key_id) },
    setupProblems,
  };
}

export interface Example {
  index: number;
  request: FuzzCase;
  rendered: string;
  verdict: Verdict;
  requestId: string | null;
}

export interface FailureGroup {
  key: string;
  kind: FailureKind;
  /** The endpoint of the first example (the one shrunk). */
  endpoint: string;
  endpoints: Record<string, number>;
  status: number | null;
  count: number;
  examples: Example[];
  /** The generated value of the first example, for shrinking. */
  first: fc.Value<FuzzCase>;
}

export interface Shrunk {
  group: string;
  steps: number;
  sent: number;
  example: Example;
}

export interface FuzzRun {
  seed: number;
  requested: number;
  sent: number;
  durationMs: number;
  perEndpoint: Record<string, { sent: number; statuses: Record<string, number> }>;
  statuses: Record<string, number>;
  families: Record<string, number>;
  /** Requests whose framing never completed and got no answer (allowed). */
  unansweredAllowed: number;
  failureCounts: Record<FailureKind, number>;
  groups: FailureGroup[];
  shrunk: Shrunk[];
  /** Services whose process is gone at the end. */
  exits: string[];
  /** Every time a service died during the run: which request killed it (replayed alone to be sure), shrunk; then it was restarted. */
  crashes: Crash[];
  gatewayAnswers: boolean;
  stoppedEarly: string | null;
  /** Valid setup requests that failed with a 5xx (the run went on without them). */
  setupProblems: string[];
}

export interface Crash {
  service: string;
  /** The request that, sent alone to a restarted service, killed it again; null if none of the suspects did. */
  culprit: string | null;
  /** The culprit shrunk with the same test (each candidate sent to a restarted service). */
  shrunk: string | null;
  /** The requests without an answer around the death, when no culprit was confirmed. */
  suspects: string[];
  logs: string;
}

export interface FuzzOptions {
  requests: number;
  seed: number;
  concurrency: number;
  /** Stop sending new requests after this long (the jest budget); null: none. */
  timeLimitMs: number | null;
  timeoutMs?: number;
  /** Examples kept per failure group. */
  examplesPerGroup?: number;
  /** Groups shrunk, and requests each shrink may send. */
  shrinkGroups?: number;
  shrinkBudget?: number;
  progress?: (line: string) => void;
  /** Deaths triaged (the service restarted each time) before the run gives up. */
  maxCrashes?: number;
}

/** The generator for request `index` of run `seed`: every request is replayable on its own. */
export function generate(arbitrary: fc.Arbitrary<FuzzCase>, seed: number, index: number): fc.Value<FuzzCase> {
  const random = new fc.Random(xoroshiro128plus((seed ^ Math.imul(index + 1, 0x9e3779b1)) | 0));
  return arbitrary.generate(random, index % 3 === 0 ? 3 : undefined);
}

/** A request whose framing never completes may get no answer: wait this long for one. */
const UNANSWERED_TIMEOUT_MS = 3000;
/**
 * Answered before the body is read, then closed: past Fastify's body limit or Node's header limit,
 * and a body over UNAUTHENTICATED_BODY_MAX_BYTES (4 KB) with no credential on a guarded path.
 */
const isOversized = (rendered: Rendered): boolean => rendered.body.length > 1024 * 1024 || rendered.chunks[0].length > 16 * 1024 || refusedUnauthenticated(rendered);
const GUARDED_PATH = /^\/(v1|expert\/v1|admin\/v1)\//;
const CREDENTIAL_LINE = /^(authorization\s*:\s*bearer\s+\S|cookie\s*:.*\beh_session=)/i;
const refusedUnauthenticated = (rendered: Rendered): boolean =>
  rendered.body.length > 4096 && GUARDED_PATH.test(rendered.target) && !rendered.headerLines.some((line) => CREDENTIAL_LINE.test(line));

const ID_PREFIXES: Record<string, string> = { dep_: 'deployment', hnd_: 'handoff' };

/** Sends `options.requests` generated requests, `options.concurrency` at a time, and judges every answer. */
export async function runFuzz(services: RunningServices, world: FuzzWorld, catalog: Catalog, options: FuzzOptions): Promise<FuzzRun> {
  const validate = errorValidator(catalog.errorSchema);
  const arbitrary = requestArbitrary(catalog, { now: Date.now(), skills: FUZZ_SKILLS });
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
    run.crashes.push(await triage(services, service, [...recent, ...inFlight.values()], arbitrary, catalog, world));
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
      const value = generate(arbitrary, options.seed, index);
      const fuzzCase = value.value;
      const rendered = render(fuzzCase, catalog, world);
      const summary = `#${index} ${fuzzCase.endpoint} [${fuzzCase.family}: ${fuzzCase.detail}]\n${describeRendered(rendered, 160)}`;
      const entry: Recent = { index, value, summary, answered: false };
      inFlight.set(index, entry);
      const result = await exchange(world.host, world.port, rendered.chunks, { timeoutMs: fuzzCase.mayGoUnanswered ? UNANSWERED_TIMEOUT_MS : timeoutMs, halfClose: rendered.halfClose });
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
      if (options.progress && run.sent % 1000 === 0) options.progress(`${run.sent} sent, ${Math.round(run.sent / ((performance.now() - started) / 1000))}/s, failures ${JSON.stringify(run.failureCounts)}, deaths ${run.crashes.length}`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  run.durationMs = performance.now() - started;
  run.stoppedEarly = stop;
  run.groups = [...groups.values()].sort((a, b) => b.count - a.count);
  const deadAtEnd = dead();
  if (deadAtEnd) run.crashes.push(await triage(services, deadAtEnd, recent, arbitrary, catalog, world));
  run.gatewayAnswers = await gatewayAnswers(services.baseUrl, world);
  if (run.gatewayAnswers) run.shrunk = await shrinkGroups(run.groups, arbitrary, catalog, world, validate, options);
  run.exits = SERVICE_NAMES.filter((name) => !services.alive(name));
  return run;
}

interface Recent {
  index: number;
  value: fc.Value<FuzzCase>;
  summary: string;
  answered: boolean;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function restart(services: RunningServices, service: string): Promise<void> {
  if (services.alive(service as never)) return;
  await services.start(service as never);
  if (service !== 'gateway') await sleep(1500);
}

async function diesAfter(services: RunningServices, service: string, fuzzCase: FuzzCase, catalog: Catalog, world: FuzzWorld): Promise<boolean> {
  await restart(services, service);
  const rendered = render(fuzzCase, catalog, world);
  await exchange(world.host, world.port, rendered.chunks, { timeoutMs: 5000, halfClose: rendered.halfClose });
  for (let attempt = 0; attempt < 20; attempt++) {
    if (!services.alive(service as never)) return true;
    await sleep(50);
  }
  return false;
}

/**
 * A service died: replays the requests around its death one at a time against a restarted
 * service (unanswered ones first, newest first) until one kills it again, shrinks that one with
 * the same test, and leaves the service running again.
 */
async function triage(services: RunningServices, service: string, around: Recent[], arbitrary: fc.Arbitrary<FuzzCase>, catalog: Catalog, world: FuzzWorld): Promise<Crash> {
  const logs = services.logs(service as never).slice(-3000);
  const unique = [...new Map(around.map((entry) => [entry.index, entry])).values()];
  const suspects = [...unique.filter((entry) => !entry.answered).reverse(), ...unique.filter((entry) => entry.answered).reverse()].slice(0, 16);
  let culprit: Recent | null = null;
  for (const suspect of suspects) {
    if (await diesAfter(services, service, suspect.value.value, catalog, world)) {
      culprit = suspect;
      break;
    }
  }
  let shrunk: string | null = null;
  if (culprit) {
    let current = culprit.value;
    let restarts = 0;
    outer: while (restarts < 15) {
      for (const candidate of arbitrary.shrink(current.value, current.context)) {
        if (restarts >= 15) break outer;
        if (candidate.value.endpoint !== current.value.endpoint) continue;
        restarts++;
        if (await diesAfter(services, service, candidate.value, catalog, world)) {
          current = candidate;
          continue outer;
        }
      }
      break;
    }
    shrunk = `${current.value.endpoint} [${current.value.family}: ${current.value.detail}]\n${describeRendered(render(current.value, catalog, world), 400)}`;
  }
  await restart(services, service);
  return { service, culprit: culprit?.summary ?? null, shrunk, suspects: culprit ? [] : suspects.filter((entry) => !entry.answered).map((entry) => entry.summary), logs };
}

function record(groups: Map<string, FailureGroup>, run: FuzzRun, index: number, value: fc.Value<FuzzCase>, summary: string, verdict: Verdict, result: Exchange, keep: number): void {
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
  if (group.examples.length < keep) group.examples.push({ index, request: value.value, rendered: summary, verdict, requestId: result.response?.headers['request-id'] ?? null });
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
async function shrinkGroups(groups: FailureGroup[], arbitrary: fc.Arbitrary<FuzzCase>, catalog: Catalog, world: FuzzWorld, validate: ErrorValidator, options: FuzzOptions): Promise<Shrunk[]> {
  const out: Shrunk[] = [];
  const budget = options.shrinkBudget ?? 60;
  for (const group of groups.slice(0, options.shrinkGroups ?? 6)) {
    let current = group.first;
    let currentVerdict = group.examples[0].verdict;
    let requestId: string | null = group.examples[0].requestId;
    let sent = 0;
    let steps = 0;
    outer: while (sent < budget) {
      for (const candidate of arbitrary.shrink(current.value, current.context)) {
        if (sent >= budget) break outer;
        if (candidate.value.endpoint !== group.endpoint) continue;
        sent++;
        const rendered = render(candidate.value, catalog, world);
        const result = await exchange(world.host, world.port, rendered.chunks, { timeoutMs: candidate.value.mayGoUnanswered ? UNANSWERED_TIMEOUT_MS : (options.timeoutMs ?? 20_000), halfClose: rendered.halfClose });
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
      example: { index: group.examples[0].index, request: current.value, rendered: `${current.value.endpoint} [${current.value.family}: ${current.value.detail}]\n${describeRendered(rendered, 400)}`, verdict: currentVerdict, requestId },
    });
  }
  return out;
}

export interface CreditCheck {
  cancelled: number;
  cancelFailures: string[];
  reserved: number | null;
  inFlight: number | null;
  /** Holds with no release or settlement, from the account stream, with the request that made them. */
  openHolds: { deployment_id: string; amount: number; deployment_exists: boolean; metadata: unknown }[];
}

const ACTIVE = ['pending', 'accepted', 'in_progress', 'needs_input'];

/**
 * Cancels (as operations) every live deployment the run left active, then reads usage until the
 * holds are released: afterwards nothing may be reserved or in flight. Holds still open are
 * listed from the account stream, with the request that made them.
 */
export async function releaseAndMeasureCredits(services: RunningServices, world: FuzzWorld): Promise<CreditCheck> {
  const base = services.baseUrl;
  const admin = { authorization: `Bearer ${FUZZ_ADMIN_KEY}` };
  const check: CreditCheck = { cancelled: 0, cancelFailures: [], reserved: null, inFlight: null, openHolds: [] };
  for (let round = 0; round < 3; round++) {
    const active: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `${ACTIVE.map((status) => `status=${status}`).join('&')}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await request<{ data: { id: string }[]; next: string | null; has_more: boolean }>(base, 'GET', `/v1/deployments?${query}`, { key: world.credentials.live });
      if (page.status !== 200) throw new Error(`listing live deployments answered ${page.status} ${JSON.stringify(page.body)}`);
      active.push(...page.body.data.map((deployment) => deployment.id));
      cursor = page.body.has_more ? page.body.next : null;
    } while (cursor);
    if (active.length === 0) break;
    for (const id of active) {
      const response = await request(base, 'POST', `/admin/v1/deployments/${id}/cancel`, { headers: admin, body: { reason: 'fuzz run cleanup' } });
      if (response.status === 200) check.cancelled++;
      else if (response.status !== 409) check.cancelFailures.push(`${id}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
    }
  }
  const deadline = Date.now() + 20_000;
  for (;;) {
    const usage = await request<{ credits_reserved: number; in_flight: number }>(base, 'GET', '/v1/usage', { key: world.credentials.live });
    check.reserved = usage.body.credits_reserved;
    check.inFlight = usage.body.in_flight;
    if ((check.reserved === 0 && check.inFlight === 0) || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (check.reserved !== 0 || check.inFlight !== 0) {
    const workspaceId = world.pools.workspace[0];
    const { rows } = await services.database.pool.query<{ deployment_id: string; amount: number; metadata: unknown; deployment_exists: boolean }>(
      `SELECT r.data->>'deployment_id' AS deployment_id, (r.data->>'amount')::int AS amount, r.metadata,
              EXISTS (SELECT 1 FROM events d WHERE d.stream_name = 'deployment-' || (r.data->>'deployment_id')) AS deployment_exists
         FROM events r
        WHERE r.stream_name = $1 AND r.event_type = 'account.credits_reserved'
          AND NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_name = $1 AND e.event_type IN ('account.credits_released', 'account.credits_settled')
                          AND e.data->>'deployment_id' = r.data->>'deployment_id')
        LIMIT 50`,
      [`account-${workspaceId}`],
    );
    check.openHolds = rows;
  }
  return check;
}

// ---------------------------------------------------------------------------------------------
// Reports

const sortCounts = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name}: ${count}`)
    .join(', ');

export function formatFigures(run: FuzzRun, credits: CreditCheck | null): string {
  const seconds = run.durationMs / 1000;
  const lines = [
    `fuzz seed ${run.seed}: ${run.sent} of ${run.requested} requests in ${seconds.toFixed(1)} s (${Math.round(run.sent / Math.max(seconds, 0.001))} requests/s)${run.stoppedEarly ? `; stopped early: ${run.stoppedEarly}` : ''}`,
    `statuses: ${sortCounts(run.statuses)}`,
    `5xx: ${run.failureCounts['5xx']}; unanswered (well-framed): ${run.failureCounts['no-answer']}; unanswered (broken framing or past a limit, allowed): ${run.unansweredAllowed}`,
    `error-shape violations: ${run.failureCounts['error-shape']}; request_id ≠ Request-Id: ${run.failureCounts['request-id']}; invalid requests accepted: ${run.failureCounts['accepted-invalid']}; replays answering for another deployment: ${run.failureCounts['replay-mismatch']}`,
    `process exits during the run: ${run.crashes.length ? run.crashes.map((crash) => crash.service).join(', ') : 'none'}; down at the end: ${run.exits.length ? run.exits.join(', ') : 'none'}; gateway answers afterwards: ${run.gatewayAnswers ? 'yes' : 'NO'}`,
    credits ? `credits after cancelling ${credits.cancelled} live deployments: reserved ${credits.reserved}, in flight ${credits.inFlight}` : 'credits: not measured',
    'requests per endpoint (statuses):',
    ...Object.entries(run.perEndpoint)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([endpoint, stats]) => `  ${endpoint.padEnd(62)} ${String(stats.sent).padStart(6)}  ${sortCounts(stats.statuses)}`),
    `requests per mutation family: ${sortCounts(run.families)}`,
  ];
  return lines.join('\n');
}

export function formatFailures(run: FuzzRun, credits: CreditCheck | null, replay: string): string {
  const out: string[] = [...run.setupProblems];
  for (const crash of run.crashes) {
    out.push(`SERVICE EXITED: ${crash.service} (restarted to go on).`);
    if (crash.culprit) out.push('  Killed again, alone, by:', indent(crash.culprit), '  Shrunk (each candidate sent to a restarted service):', indent(crash.shrunk ?? '(not shrunk)'));
    else out.push('  No single request killed it again; the unanswered ones around its death:', ...crash.suspects.map((line) => indent(line)));
    out.push(`  Last log lines of ${crash.service}:`, indent(crash.logs.slice(-2000)));
  }
  for (const group of run.groups) {
    const routes = Object.entries(group.endpoints).sort(([, a], [, b]) => b - a);
    out.push(`${group.key}: ${group.count} request(s) at ${routes.length} route(s) (${routes.slice(0, 8).map(([route, count]) => `${route} ×${count}`).join(', ')}${routes.length > 8 ? ', …' : ''}). First ${group.examples.length}:`);
    for (const example of group.examples) out.push(indent(`${example.rendered}\n  → ${example.verdict.reason}${example.requestId ? ` (Request-Id ${example.requestId})` : ''}`));
  }
  for (const shrunk of run.shrunk) {
    out.push(`minimal reproduction of "${shrunk.group}" (${shrunk.steps} shrink steps, ${shrunk.sent} requests; replay the original: ${replay.replace('{index}', String(shrunk.example.index))}):`, indent(`${shrunk.example.rendered}\n  → ${shrunk.example.verdict.reason}`));
  }
  if (credits && (credits.reserved !== 0 || credits.inFlight !== 0 || credits.cancelFailures.length)) {
    out.push(`CREDITS HELD after cleanup: reserved ${credits.reserved}, in flight ${credits.inFlight}`);
    for (const hold of credits.openHolds) out.push(`  open hold ${hold.deployment_id}: ${hold.amount} credits, deployment ${hold.deployment_exists ? 'exists' : 'never created'}, metadata ${JSON.stringify(hold.metadata)}`);
    for (const failure of credits.cancelFailures) out.push(`  cancel failed: ${failure}`);
  }
  return out.join('\n');
}

const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/** True when the run found nothing: what the jest test asserts. */
export function clean(run: FuzzRun, credits: CreditCheck | null): boolean {
  const failures = Object.values(run.failureCounts).reduce((total, count) => total + count, 0);
  return failures === 0 && run.setupProblems.length === 0 && run.exits.length === 0 && run.crashes.length === 0 && run.gatewayAnswers && !!credits && credits.reserved === 0 && credits.inFlight === 0;
}
