/**
 * POST /v1/handoffs end to end: a test-mode handoff reaches `ready` with its
 * artifact and, by policy, a prior output in memory; a question and its reply count as
 * comments; a live handoff brings the workspace's memory to its expert; Idempotency-Key,
 * validation, webhooks, and no access across workspaces or modes.
 */
import { waitUntil } from '@eh/platform/testing';
import { request, type ErrorBody, type JsonResponse } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Expert, type Workspace } from '../routing/support/routing-e2e';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';

interface Handoff {
  id: string;
  status: string;
  surface: string;
  artifact: string;
  expert: string | null;
  comments: number;
  memory_event: boolean;
  deployment_id: string;
  question: string | null;
  output: { format: string; body: string } | null;
  memory_entry_key: string | null;
}
type Reply = Handoff & ErrorBody;

const HANDOFF = {
  surface: 'editor.sidebar',
  outcome: 'copywriting',
  route: 'expert',
  trigger: 'low_confidence',
  policy: 'save_to_memory',
  return: 'hero-copy.md',
  context: { goal: 'Rewrite the hero of our landing page. Keep it short.', files: ['hero.png'], memory_keys: ['voice'] },
};

describe('handoffs', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let receiver: WebhookReceiver;
  let a: Workspace;
  let b: Workspace;
  let ada: Expert;
  const open = (key: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<Reply>> =>
    request<Reply>(services.baseUrl, 'POST', '/v1/handoffs', { key, body, headers });
  const get = (key: string, id: string): Promise<JsonResponse<Reply>> => request<Reply>(services.baseUrl, 'GET', `/v1/handoffs/${id}`, { key });
  const putMemory = (key: string, name: string, kind: string, body: string) =>
    request(services.baseUrl, 'PUT', `/v1/memory/${name}`, { key, body: { kind, body } });
  const waitFor = (key: string, id: string, status: string): Promise<Handoff> =>
    waitUntil(
      async () => {
        const { body } = await get(key, id);
        return body.status === status ? body : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 50, description: `${id} to be ${status}` },
    );
  const types = async (id: string): Promise<string[]> =>
    (
      await services.database.pool.query<{ event_type: string }>('SELECT event_type FROM events WHERE stream_name = $1 ORDER BY stream_revision', [
        `handoff-${id}`,
      ])
    ).rows.map((row) => row.event_type);

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    services = await startServices({ ...FAST_CLOCKS, REPLY_WINDOW_SECONDS: '60', SLA_STANDARD_SECONDS: '60', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    e2e = new RouterE2e(services);
    [a, b] = await Promise.all([
      services.ops<Workspace>('workspace:create', '--name', 'handoffs-a'),
      services.ops<Workspace>('workspace:create', '--name', 'handoffs-b'),
    ]);
    ada = await e2e.addExpert(['e2e-handoff'], 30);
    await request(services.baseUrl, 'PUT', `/admin/v1/workspaces/${a.id}/webhook-endpoint`, { headers: e2e.admin, body: { url: receiver.url('/a') } });
    await putMemory(a.keys.test, 'voice', 'voice', 'Dry, warm, short.');
    await putMemory(a.keys.test, 'positioning', 'positioning', 'The bakery for early risers.');
  });

  afterAll(async () => {
    await services?.stop();
    await receiver?.close();
  });

  it('test mode: opens (201), reaches ready with its artifact, and the policy saves it as a prior output', async () => {
    const opened = await open(a.keys.test, HANDOFF, { 'idempotency-key': 'handoff-1' });
    expect(opened.status).toBe(201);
    expect(opened.body.id).toMatch(/^hnd_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(opened.headers.get('location')).toBe(`/v1/handoffs/${opened.body.id}`);
    // The answer shows the handoff as it stands once synced: in test mode the synthesized expert can
    // finish between the create and that sync, and a ready handoff has its memory event already.
    expect(opened.body).toMatchObject({
      surface: 'editor.sidebar',
      artifact: 'hero-copy.md',
      comments: 0,
      memory_event: opened.body.status === 'ready',
      deployment_id: `dep_${opened.body.id.slice(4)}`,
    });

    const ready = await waitFor(a.keys.test, opened.body.id, 'ready');
    expect(ready).toMatchObject({
      artifact: 'hero-copy.md',
      expert: 'spec_00000000000000000000000000',
      comments: 0,
      memory_event: true,
      memory_entry_key: `prior-output.${opened.body.id.toLowerCase()}`,
    });
    // The synthesized artifact names what it was given: the artifact and the named memory.
    expect(ready.output?.body).toContain('**Artifact:** hero-copy.md');
    expect(ready.output?.body).toContain('- `voice` (voice)');
    expect(ready.output?.body).toContain('Rewrite the hero of our landing page');
    const saved = await request<{ kind: string; body: string; source: unknown }>(services.baseUrl, 'GET', `/v1/memory/${ready.memory_entry_key}`, {
      key: a.keys.test,
    });
    expect(saved.body).toEqual(
      expect.objectContaining({ kind: 'prior_output', body: ready.output?.body, source: { deployment_id: ready.deployment_id, handoff_id: ready.id } }),
    );
    expect((await e2e.get(a.keys.test, ready.deployment_id)).body.status).toBe('completed');
    expect(await types(ready.id)).toEqual(['handoff.opened', 'handoff.in_review', 'handoff.ready']);

    // Idempotency-Key: the same body replays the first answer; another body is a conflict.
    const replay = await open(a.keys.test, HANDOFF, { 'idempotency-key': 'handoff-1' });
    expect([replay.status, replay.body.id, replay.headers.get('idempotent-replayed')]).toEqual([201, opened.body.id, 'true']);
    const conflict = await open(a.keys.test, { ...HANDOFF, surface: 'elsewhere' }, { 'idempotency-key': 'handoff-1' });
    expect([conflict.status, conflict.body.error.code]).toEqual([409, 'idempotency_conflict']);

    // The partner hears of it: `handoff.ready` carries the handoff as `data.object`.
    const webhook = await waitUntil(() => receiver.at('/a').find((w) => w.event === 'handoff.ready' && w.body.includes(ready.id)), {
      timeoutMs: 15_000,
      description: 'handoff.ready webhook',
    });
    expect(JSON.parse(webhook.body)).toMatchObject({ type: 'handoff.ready', data: { object: { id: ready.id, status: 'ready', memory_event: true } } });
  });

  it('counts the question and the reply as comments; without the policy nothing is saved', async () => {
    const opened = await open(a.keys.test, {
      ...HANDOFF,
      policy: 'none',
      context: { goal: 'Name the product.' },
      metadata: { test_script: 'ask_question', test_question: 'Which market?' },
    });
    const asking = await waitFor(a.keys.test, opened.body.id, 'needs_input');
    expect(asking).toMatchObject({ comments: 1, question: 'Which market?' });
    const replied = await request(services.baseUrl, 'POST', `/v1/deployments/${asking.deployment_id}/reply`, { key: a.keys.test, body: { body: 'Nordics.' } });
    expect(replied.status).toBe(200);
    const ready = await waitFor(a.keys.test, opened.body.id, 'ready');
    expect(ready).toMatchObject({ comments: 2, memory_event: false, memory_entry_key: null, question: null });
    expect(await types(ready.id)).toEqual(['handoff.opened', 'handoff.in_review', 'handoff.needs_input', 'handoff.in_review', 'handoff.ready']);
  });

  it('refuses bad requests with 400 naming the field, and an unknown memory key', async () => {
    const { return: _omitted, ...withoutReturn } = HANDOFF;
    const cases: [unknown, string][] = [
      [withoutReturn, 'return'],
      [{ ...HANDOFF, route: 'broadcast' }, 'route'],
      [{ ...HANDOFF, policy: 'always' }, 'policy'],
      [{ ...HANDOFF, outcome: 'Copy Review' }, 'outcome'],
      [{ ...HANDOFF, context: { files: [] } }, 'context.goal'],
      [{ ...HANDOFF, context: { goal: 'x', extra: 1 } }, 'context.extra'],
      [{ ...HANDOFF, context: { goal: 'x', memory_keys: ['no-such-entry'] } }, 'context.memory_keys[0]'],
      [{ ...HANDOFF, deadline: '2030-01-01' }, 'deadline'],
    ];
    for (const [body, param] of cases) {
      const refused = await open(a.keys.test, body);
      expect([refused.status, refused.body.error.code, refused.body.error.param]).toEqual([400, 'invalid_request', param]);
    }
  });

  it('keeps handoffs and memory in their workspace and mode (404 / 400), and answers 422 when no expert covers the outcome', async () => {
    const opened = await open(a.keys.test, { ...HANDOFF, policy: 'none' });
    for (const key of [b.keys.test, a.keys.live]) expect((await get(key, opened.body.id)).status).toBe(404);
    // B cannot name A's memory: it does not exist in B.
    expect((await open(b.keys.test, HANDOFF)).body.error.param).toBe('context.memory_keys[0]');
    const unavailable = await open(a.keys.live, { ...HANDOFF, outcome: 'nobody-covers-this', context: { goal: 'x' } });
    expect([unavailable.status, unavailable.body.error.code, unavailable.body.error.param]).toEqual([422, 'expert_unavailable', 'outcome']);
  });

  it('live: the assigned expert sees the named memory first, and a prior output is saved when they publish', async () => {
    await putMemory(a.keys.live, 'voice', 'voice', 'Live voice: plain words.');
    await putMemory(a.keys.live, 'positioning', 'positioning', 'Live positioning.');
    const opened = await open(a.keys.live, { ...HANDOFF, outcome: 'e2e-handoff' });
    expect(opened.status).toBe(201);
    const deploymentId = opened.body.deployment_id;
    await e2e.waitForOffer(deploymentId, 1);
    const offered = await e2e.asExpert<{ memory: unknown }>(ada, 'GET', `/deployments/${deploymentId}`);
    expect(offered.body.memory).toBeNull();
    await e2e.asExpert(ada, 'POST', `/deployments/${deploymentId}/accept`);
    expect(await waitFor(a.keys.live, opened.body.id, 'in_review')).toMatchObject({ expert: ada.id });

    type Memory = { named_keys: string[]; entries: { key: string; body: string; named: boolean }[] };
    const view = await e2e.asExpert<{ handoff: unknown; memory: Memory }>(ada, 'GET', `/deployments/${deploymentId}`);
    expect(view.body.handoff).toEqual({ handoff_id: opened.body.id, artifact: 'hero-copy.md', memory_keys: ['voice'] });
    expect(view.body.memory.named_keys).toEqual(['voice']);
    expect(view.body.memory.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ key: 'voice', body: 'Live voice: plain words.', named: true }),
      expect.objectContaining({ key: 'positioning', body: 'Live positioning.', named: false }),
    ]);
    // Live memory only: the workspace's test-mode entries never reach a live expert.
    expect(view.body.memory.entries.map((entry) => entry.body)).not.toContain('Dry, warm, short.');
    expect(await e2e.expertCli<Memory>(ada, 'memory', '--deployment', deploymentId)).toEqual(view.body.memory);

    await e2e.asExpert(ada, 'POST', `/deployments/${deploymentId}/start`);
    await e2e.asExpert(ada, 'POST', `/deployments/${deploymentId}/publish`, { body: '# Hero\nPlain words.', duration_seconds: 600, credits_charged: 10 });
    const ready = await waitFor(a.keys.live, opened.body.id, 'ready');
    expect(ready).toMatchObject({ expert: ada.id, memory_event: true, output: { body: '# Hero\nPlain words.' } });
    const saved = await request<{ kind: string; body: string }>(services.baseUrl, 'GET', `/v1/memory/${ready.memory_entry_key}`, { key: a.keys.live });
    expect(saved.body).toMatchObject({ kind: 'prior_output', body: '# Hero\nPlain words.' });
    expect((await request(services.baseUrl, 'GET', `/v1/memory/${ready.memory_entry_key}`, { key: a.keys.test })).status).toBe(404);
    expect((await e2e.asExpert<{ memory: unknown }>(ada, 'GET', `/deployments/${deploymentId}`)).body.memory).toBeNull();
  });
});
