/**
 * Live keys, through HTTP and the expert tooling: every state
 * transition a human expert drives, and the decided rows (reply → in_progress, who cancels
 * from where, the reply window).
 */
import { request, type ErrorBody } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Deployment, type Expert, type Workspace, startRouterSuite } from './support/routing-e2e';

describe('live deployments through the expert tooling', () => {
  let services: RunningServices;
  let e2e: RouterE2e;
  let workspace: Workspace;
  let ada: Expert;
  let bo: Expert;

  /** Creates a live deployment on the skill only Ada covers and waits for her offer. */
  async function offeredToAda(urgency = 'standard'): Promise<string> {
    const created = await e2e.create(workspace.keys.live, { brief: 'Rewrite the hero. Keep it dry.', skills: ['e2e-life'], urgency });
    expect(created.status).toBe(201);
    expect((await e2e.waitForOffer(created.body.id, 1)).expertId).toBe(ada.id);
    return created.body.id;
  }
  const act = (expert: Expert, id: string, action: string, body?: unknown) =>
    e2e.asExpert<Deployment & ErrorBody>(expert, 'POST', `/deployments/${id}/${action}`, body);
  const agent = (id: string, action: 'cancel' | 'reply', body?: unknown) =>
    request<Deployment & ErrorBody>(services.baseUrl, 'POST', `/v1/deployments/${id}/${action}`, { key: workspace.keys.live, body });

  beforeAll(async () => {
    // Offers last 6 s here, not 2: the first case spawns the expert CLI twice while one is open, which a loaded machine can outlast.
    ({ services, e2e, workspace } = await startRouterSuite(startServices({ ...FAST_CLOCKS, OFFER_TIMEOUT_SECONDS: '6' }), 'live-lifecycle'));
    ada = await e2e.addExpert(['e2e-life', 'naming'], 30);
    bo = await e2e.addExpert(['naming'], 20);
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('pending → accepted → in_progress → needs_input → (reply) in_progress → completed, with the CLI and the API', async () => {
    const id = await offeredToAda();
    const offers = await e2e.expertCli<{ data: { id: string; offer_expires_at: string }[] }>(ada, 'offers');
    expect(offers.data.map((offer) => offer.id)).toContain(id);
    const offered = (await e2e.events(id)).find((event) => event.type === 'deployment.offered');
    // Why this expert: the explanation is kept on the event.
    expect(offered?.data.match).toMatchObject({ covered_skills: ['e2e-life'], coverage: 1, rank: 1, candidates: 1, median_turnaround_minutes: 30 });
    expect((await e2e.get(workspace.keys.live, id)).body).toMatchObject({ status: 'pending', expert: null });

    const accepted = await e2e.expertCli<Deployment>(ada, 'accept', '--deployment', id);
    expect(accepted.status).toBe('accepted');
    expect((await e2e.get(workspace.keys.live, id)).body.expert).toEqual({ id: ada.id, name: expect.any(String), role: 'Copywriter' });
    expect((await e2e.expertCli<Deployment>(ada, 'start', '--deployment', id)).status).toBe('in_progress');
    await e2e.expertCli(ada, 'ask', '--deployment', id, '--question', 'Which competitor?');
    const waiting = (await e2e.get(workspace.keys.live, id)).body;
    expect(waiting).toMatchObject({ status: 'needs_input', question: { body: 'Which competitor?' } });
    expect(Date.parse(waiting.question?.reply_deadline ?? '') - Date.parse(waiting.question?.asked_at ?? '')).toBe(3000);

    expect((await agent(id, 'reply', { body: 'Acme.', context_files: ['https://files.example.com/acme.pdf'] })).body.status).toBe('in_progress');
    const second = await act(ada, id, 'ask', { question: 'And the tone?' });
    expect([second.status, second.body.error.code]).toEqual([409, 'question_already_asked']);
    const seen = await e2e.expertCli<{ reply: { body: string; context_files: string[] } }>(ada, 'show', '--deployment', id);
    expect(seen.reply).toMatchObject({ body: 'Acme.', context_files: ['https://files.example.com/acme.pdf'] });
    const attachment = { name: 'hero.md', url: 'https://files.example.com/hero.md?sig=1', content_type: 'text/markdown', size_bytes: 120 };
    await e2e.expertCli(
      ada,
      'publish',
      '--deployment',
      id,
      '--body',
      '# Hero\nDry.',
      '--duration-seconds',
      '1800',
      '--credits',
      '45',
      '--attachments',
      JSON.stringify([attachment]),
    );

    const done = (await e2e.get(workspace.keys.live, id)).body;
    expect(done).toMatchObject({
      status: 'completed',
      output: { format: 'markdown', body: '# Hero\nDry.', attachments: [attachment] },
      credits_charged: 45,
      duration_seconds: 1800,
    });
    expect(await e2e.types(id)).toEqual(['created', 'offered', 'accepted', 'in_progress', 'needs_input', 'reply_received', 'completed']);
  });

  it('lets an expert act only on deployments offered or assigned to them', async () => {
    const id = await offeredToAda();
    const stranger = await act(bo, id, 'accept');
    expect([stranger.status, stranger.body.error.code]).toEqual([404, 'not_found']);
    expect((await e2e.asExpert<ErrorBody>(bo, 'GET', `/deployments/${id}`)).status).toBe(404);
    const early = await act(ada, id, 'start');
    expect([early.status, early.body.error.code]).toEqual([409, 'invalid_state_transition']);
    const anonymous = await request<ErrorBody>(services.baseUrl, 'GET', '/expert/v1/offers', { key: workspace.keys.live });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'authentication_failed']);
    expect((await act(ada, id, 'accept')).status).toBe(200);
    const again = await act(ada, id, 'accept');
    expect([again.status, again.body.error.code]).toEqual([409, 'invalid_state_transition']);
    const assignments = await e2e.asExpert<{ data: { id: string }[] }>(ada, 'GET', '/assignments');
    expect(assignments.body.data.map((item) => item.id)).toContain(id);
    // in_progress → completed without a question.
    expect((await act(ada, id, 'start')).body.status).toBe('in_progress');
    const published = await act(ada, id, 'publish', { body: '# Done', duration_seconds: 600, credits_charged: 10 });
    expect(published.body).toMatchObject({ status: 'completed', output: { body: '# Done' } });
  });

  it('drops a late timer: the offer timer firing after the acceptance changes nothing', async () => {
    const id = await offeredToAda();
    // A late timer presumes one: the router schedules it when it handles the offered event.
    await e2e.timerScheduled(`offer-${id}-1`);
    expect((await act(ada, id, 'accept')).status).toBe(200);
    // OFFER_TIMEOUT_SECONDS=6: the offer's timer fires after the acceptance, and the decider refuses it.
    // The fence: the router's timer worker has processed that job (BullMQ's own record of it).
    expect(await e2e.timerProcessed(`offer-${id}-1`)).toBe('"dropped"');
    expect(await e2e.types(id)).toEqual(['created', 'offered', 'accepted']);
    expect((await e2e.get(workspace.keys.live, id)).body.status).toBe('accepted');
  });

  it('agent cancel: from pending and accepted (200), not from needs_input (409)', async () => {
    const pending = await offeredToAda();
    expect((await agent(pending, 'cancel', { reason: 'plans changed' })).body).toMatchObject({ status: 'cancelled', cancellation: { cancelled_by: 'agent' } });
    const accepted = await offeredToAda();
    await act(ada, accepted, 'accept');
    expect((await agent(accepted, 'cancel')).body.status).toBe('cancelled');
    const asking = await offeredToAda();
    await act(ada, asking, 'accept');
    await act(ada, asking, 'start');
    await act(ada, asking, 'ask', { question: 'Tone?' });
    const refused = await agent(asking, 'cancel');
    expect([refused.status, refused.body.error.code]).toEqual([409, 'deployment_not_cancellable']);
  });

  it('expert cancel from accepted, in_progress and needs_input; the event says the expert did', async () => {
    for (const steps of [['accept'], ['accept', 'start'], ['accept', 'start', 'ask']]) {
      const id = await offeredToAda();
      for (const step of steps) await act(ada, id, step, step === 'ask' ? { question: 'Tone?' } : undefined);
      const cancelled = await e2e.expertCli<Deployment>(ada, 'cancel', '--deployment', id, '--reason', 'conflict of interest', '--partial-body', '# Draft');
      expect(cancelled.status).toBe('cancelled');
      expect((await e2e.get(workspace.keys.live, id)).body).toMatchObject({
        cancellation: { cancelled_by: 'expert', reason: 'conflict of interest' },
        output: { body: '# Draft' },
      });
    }
  });

  it('operations cancel from pending (admin API) and from in_progress (ops CLI)', async () => {
    const pending = await offeredToAda();
    const byAdmin = await request<Deployment>(services.baseUrl, 'POST', `/admin/v1/deployments/${pending}/cancel`, {
      headers: e2e.admin,
      body: { reason: 'abuse review' },
    });
    expect(byAdmin.body).toMatchObject({ status: 'cancelled', cancellation: { cancelled_by: 'operations', reason: 'abuse review' } });
    const working = await offeredToAda();
    await act(ada, working, 'accept');
    await act(ada, working, 'start');
    const byCli = await services.ops<Deployment>('deployment:cancel', '--deployment', working, '--reason', 'expert unreachable');
    expect(byCli).toMatchObject({ status: 'cancelled', cancellation: { cancelled_by: 'operations' } });
    const late = await act(ada, working, 'publish', { body: 'x', duration_seconds: 1, credits_charged: 1 });
    expect(late.status).toBe(409);
  });

  it('needs_input with no reply within the window → expired (question_unanswered); a late reply is refused', async () => {
    const id = await offeredToAda();
    await act(ada, id, 'accept');
    await act(ada, id, 'start');
    await act(ada, id, 'ask', { question: 'Anyone there?' });
    const expired = await e2e.waitForStatus(workspace.keys.live, id, 'expired', 10_000);
    expect(expired.expiry).toMatchObject({ reason: 'question_unanswered' });
    const late = await agent(id, 'reply', { body: 'Sorry, here.' });
    expect([late.status, late.body.error.code]).toEqual([409, 'deployment_not_awaiting_input']);
  });

  it('answers 422 expert_unavailable when no online expert covers any requested skill', async () => {
    const response = await e2e.create(workspace.keys.live, { brief: 'Astrology.', skills: ['e2e-nobody'] });
    expect([response.status, (response.body as unknown as ErrorBody).error.code]).toEqual([422, 'expert_unavailable']);
  });
});
