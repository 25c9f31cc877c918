import { request } from '../http';
import type { RunningServices } from '../service-harness';
import { buildCatalog, type Catalog } from './catalog';
import type { FuzzWorld } from './render';

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
  const main = await must<{ id: string; keys: { test: string; live: string } }>(base, 'POST', '/admin/v1/workspaces', {
    headers: admin,
    body: { name: 'fuzz' },
  });
  const victim = await must<{ id: string; keys: { test: string; live: string } }>(base, 'POST', '/admin/v1/workspaces', {
    headers: admin,
    body: { name: 'fuzz victim' },
  });
  await must(base, 'POST', `/admin/v1/workspaces/${main.id}/account/credits`, { headers: admin, body: { credits: 10_000_000, reference: 'fuzz' } });
  const expert = async (name: string, skills: string[]) =>
    must<{ expert: { id: string }; credential: string }>(base, 'POST', '/admin/v1/experts', {
      headers: admin,
      body: { name, role: 'Copywriter', skills, tenure_years: 4, median_turnaround_minutes: 30, rate_credits_per_hour: 60, availability: 'online' },
    });
  const expertA = await expert('Fuzz Main', FUZZ_SKILLS);
  const expertB = await expert('Fuzz Availability', ['fuzz-b']);
  const expertC = await expert('Fuzz Victim', ['fuzz-c']);

  const pools: Record<string, string[]> = {
    'deployment:test': [],
    'deployment:live': [],
    'handoff:test': [],
    'handoff:live': [],
    'memory:test': [],
    'memory:live': [],
  };
  const create = async (key: string, mode: 'test' | 'live', body: Record<string, unknown>) => {
    const created = await must<{ id: string }>(base, 'POST', '/v1/deployments', { key, body });
    pools[`deployment:${mode}`].push(created.id);
    return created.id;
  };
  const brief = { brief: 'Name the new plan. Two options.', skills: [FUZZ_SKILLS[0]] };
  for (const metadata of [{}, {}, { test_script: 'ask_question', test_question: 'Which audience?' }, { test_script: 'stay_accepted' }])
    await create(main.keys.test, 'test', { ...brief, metadata });
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
      body: {
        surface: 'editor.sidebar',
        outcome: FUZZ_SKILLS[0],
        return: 'hero-copy.md',
        context: { goal: 'Rewrite the hero.', memory_keys: ['brand.voice'] },
      },
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
    if (response.status >= 500)
      setupProblems.push(`setup: the expert's valid ${action} of ${inProgress} answered ${response.status} ${JSON.stringify(response.body)}`);
  }

  const victimSummary = await must<{ keys: { key_id: string }[] }>(base, 'GET', `/admin/v1/workspaces/${victim.id}`, { headers: admin });
  const deliveries = await must<{ data: { id: string }[] }>(base, 'GET', '/admin/v1/webhook-deliveries?limit=10', { headers: admin });
  const document = (await (await fetch(`${base}/v1/openapi.json`)).json()) as {
    components: { schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } } };
  };
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
