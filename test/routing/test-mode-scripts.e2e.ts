/**
 * Test keys: the synthetic expert follows `metadata` scripts, so an agent can drive
 * every state transition (and every decided one) without a human.
 */
import { request, type ErrorBody } from '../support/http';
import type { RunningServices } from '../support/service-harness';
import { sharedServices } from '../support/shared-services';
import { FAST_CLOCKS, RouterE2e, type Deployment, type Workspace } from './support/routing-e2e';

describe('scripted test mode', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let key: string;

  const create = async (metadata: Record<string, string | number>, extra: Record<string, unknown> = {}): Promise<Deployment> => {
    const created = await e2e.create(key, { brief: 'Write a tagline for a bakery.', skills: ['copywriting'], metadata, ...extra });
    expect(created.status).toBe(201);
    return created.body;
  };
  const agent = (id: string, action: 'cancel' | 'reply', body?: unknown) =>
    request<Deployment & ErrorBody>(services.baseUrl, 'POST', `/v1/deployments/${id}/${action}`, { key, body });

  beforeAll(async () => {
    services = await sharedServices(FAST_CLOCKS);
    e2e = new RouterE2e(services);
    key = (await services.ops<Workspace>('workspace:create', '--name', 'scripts')).keys.test;
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('default: pending → accepted → in_progress → completed with synthesized output', async () => {
    const { id } = await create({});
    const done = await e2e.waitForStatus(key, id, 'completed');
    expect(done.output?.body).toContain('Write a tagline for a bakery');
    expect(await e2e.types(id)).toEqual(['created', 'accepted', 'in_progress', 'completed']);
  });

  it('ask_question: needs_input carries the question; the reply brings it back in_progress, then completed', async () => {
    const { id } = await create({ test_script: 'ask_question', test_question: 'Formal or playful?' });
    const waiting = await e2e.waitForStatus(key, id, 'needs_input');
    expect(waiting.question).toMatchObject({ body: 'Formal or playful?' });
    expect((await agent(id, 'reply', { body: 'Playful.' })).status).toBe(200);
    const done = await e2e.waitForStatus(key, id, 'completed');
    expect(done).toMatchObject({ question: { body: 'Formal or playful?' }, reply: { body: 'Playful.' } });
    expect(await e2e.types(id)).toEqual(['created', 'accepted', 'in_progress', 'needs_input', 'reply_received', 'completed']);
  });

  it('ask_question without a reply: expired after the reply window (question_unanswered)', async () => {
    const { id } = await create({ test_script: 'ask_question' });
    await e2e.waitForStatus(key, id, 'needs_input');
    const refused = await agent(id, 'cancel');
    expect([refused.status, refused.body.error.code]).toEqual([409, 'deployment_not_cancellable']);
    expect((await e2e.waitForStatus(key, id, 'expired', 10_000)).expiry).toMatchObject({ reason: 'question_unanswered' });
  });

  it('decline: never accepted, so the SLA expires it (not_accepted)', async () => {
    const { id } = await create({ test_script: 'decline' }, { urgency: 'priority' });
    expect((await e2e.waitForStatus(key, id, 'expired', 12_000)).expiry).toMatchObject({ reason: 'not_accepted' });
    expect(await e2e.types(id)).toEqual(['created', 'expired']);
  });

  it('expert_cancel: accepted, then cancelled by the expert', async () => {
    const { id } = await create({ test_script: 'expert_cancel' });
    const cancelled = await e2e.waitForStatus(key, id, 'cancelled');
    expect(cancelled.cancellation).toMatchObject({ cancelled_by: 'expert' });
    expect(await e2e.types(id)).toEqual(['created', 'accepted', 'cancelled']);
  });

  it('agent cancel from pending (decline script) and from accepted (stay_accepted script)', async () => {
    const pending = await create({ test_script: 'decline' });
    expect((await agent(pending.id, 'cancel')).body).toMatchObject({ status: 'cancelled', cancellation: { cancelled_by: 'agent' } });
    const accepted = await create({ test_script: 'stay_accepted' });
    await e2e.waitForStatus(key, accepted.id, 'accepted');
    expect((await agent(accepted.id, 'cancel', { reason: 'not needed' })).body).toMatchObject({
      status: 'cancelled',
      expert: { id: 'spec_00000000000000000000000000' },
    });
  });

  it('operations cancel a test deployment waiting for its reply', async () => {
    const { id } = await create({ test_script: 'ask_question' });
    await e2e.waitForStatus(key, id, 'needs_input');
    // Through the admin API, not the ops CLI (the same command): the CLI's start on a loaded
    // machine can outlast the 3 s reply window, and the deployment expires first.
    const cancelled = await request<Deployment>(services.baseUrl, 'POST', `/admin/v1/deployments/${id}/cancel`, {
      headers: e2e.admin,
      body: { reason: 'maintenance' },
    });
    expect([cancelled.status, cancelled.body.cancellation]).toEqual([200, expect.objectContaining({ cancelled_by: 'operations', reason: 'maintenance' })]);
  });

  it('test_duration_seconds: the work takes that long (a delayed job), and duration_seconds says so', async () => {
    const { id } = await create({ test_duration_seconds: 2 });
    await e2e.waitForStatus(key, id, 'in_progress');
    const done = await e2e.waitForStatus(key, id, 'completed', 10_000);
    expect(done.duration_seconds).toBeGreaterThanOrEqual(2);
    expect(done.duration_seconds).toBeLessThan(5);
  });

  it('scheduled: nothing happens before scheduled_for, then it runs', async () => {
    const scheduledFor = new Date(Date.now() + 2500).toISOString();
    const { id } = await create({}, { urgency: 'scheduled', scheduled_for: scheduledFor });
    await e2e.waitForStatus(key, id, 'completed', 10_000);
    // Nothing happened before scheduled_for: every event but the creation is recorded as happening at or after it.
    expect(await e2e.typesBefore(id, new Date(scheduledFor))).toEqual(['created']);
    expect(await e2e.types(id)).toEqual(['created', 'routing_started', 'accepted', 'in_progress', 'completed']);
  });
});
