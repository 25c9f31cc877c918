import Ajv2020 from 'ajv/dist/2020';
import { HEADLINE_SCHEMA } from '../support/headline-schema';
import { request, type ErrorBody } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { FAST_CLOCKS, RouterE2e, type Deployment, type Expert, type Workspace, startRouterSuite } from '../routing/support/routing-e2e';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver';

type TypedDeployment = Deployment & { output_schema?: unknown; output: (Deployment['output'] & { data?: unknown }) | null };

const nested = (depth: number): Record<string, unknown> => (depth === 0 ? { type: 'string' } : { type: 'object', properties: { next: nested(depth - 1) } });

/**
 * Typed answers through the running services: the agent's `output_schema` is checked on create,
 * echoed, answered in test mode with a valid instance, and in live mode the expert's `data` is
 * checked on publish (REST and the expert CLI), refused with its JSON pointer, and delivered
 * to the agent's GET and webhook. The answers are checked with ajv here, independently.
 */
describe('typed answers, follow-ups and feedback', () => {
  const ajv = new Ajv2020({ strict: false });
  let services: RunningServices;
  let e2e: RouterE2e;
  let receiver: WebhookReceiver;
  let workspace: Workspace;
  let expert: Expert;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    ({ services, e2e, workspace } = await startRouterSuite(
      startServices({ ...FAST_CLOCKS, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', OFFER_TIMEOUT_SECONDS: '10' }),
      'typed-answers',
    ));
    expert = await e2e.addExpert(['e2e-typed'], 20, { availability: 'online' });
  });

  afterAll(async () => {
    await services?.stop();
    await receiver?.close();
  });

  it('answers a test deployment with data valid against its schema, and echoes the schema', async () => {
    const created = await e2e.create(workspace.keys.test, {
      brief: 'Three headline variants for a bakery.',
      skills: ['copywriting'],
      output_schema: HEADLINE_SCHEMA,
    });
    expect(created.status).toBe(201);
    expect((created.body as TypedDeployment).output_schema).toEqual(HEADLINE_SCHEMA);
    const done = (await e2e.waitForStatus(workspace.keys.test, created.body.id, 'completed')) as TypedDeployment;
    expect(ajv.validate(HEADLINE_SCHEMA, done.output?.data)).toBe(true);
    // Without a schema nothing changes: no output_schema, no data.
    const plain = await e2e.create(workspace.keys.test, { brief: 'A tagline for a bakery.', skills: ['copywriting'] });
    const plainDone = (await e2e.waitForStatus(workspace.keys.test, plain.body.id, 'completed')) as TypedDeployment;
    expect('output_schema' in plainDone).toBe(false);
    expect(plainDone.output && 'data' in plainDone.output).toBe(false);
  });

  it.each([
    [
      'a 100 KB schema',
      {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 2000 }, (_unused, index) => [`f${index}`, { type: 'string', description: 'x'.repeat(40) }])),
      },
      /bytes/,
    ],
    ['one 50 levels deep', nested(50), /deep/],
    ['a remote $ref', { type: 'object', properties: { a: { $ref: 'https://example.com/schema.json' } } }, /no other document is ever fetched/],
    ['a pattern that backtracks badly', { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$', examples: ['aaa'] } } }, /nested quantifiers/],
    ['an unsupported keyword', { type: 'object', properties: { a: { type: 'string', contentMediaType: 'text/html' } } }, /contentMediaType is not supported/],
    ['a schema of a string', { type: 'string' }, /object/],
    ['not an object', 'write JSON', /output_schema must be/],
  ])('refuses %s with 400 naming output_schema', async (_name, schema, message) => {
    const started = performance.now();
    const refused = await request<ErrorBody>(services.baseUrl, 'POST', '/v1/deployments', {
      key: workspace.keys.test,
      body: { brief: 'Headlines.', skills: ['copywriting'], output_schema: schema },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: expect.any(String), message: expect.stringMatching(message) });
    // A schema nested past the gateway's own bound on any body is refused before the rules see it, naming the path.
    expect(refused.body.error.param).toMatch(/^output_schema/);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('checks the expert’s answer on publish, names the pointer, and delivers data to the agent’s GET and webhook', async () => {
    const created = await e2e.create(workspace.keys.live, {
      brief: 'Three headline variants.',
      skills: ['e2e-typed'],
      output_schema: HEADLINE_SCHEMA,
      webhook_url: receiver.url('/typed'),
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await e2e.waitForOffer(id, 1);
    const shown = await e2e.asExpert<{ output_schema: unknown }>(expert, 'GET', `/deployments/${id}`);
    expect(shown.body.output_schema).toEqual(HEADLINE_SCHEMA);
    expect((await e2e.asExpert(expert, 'POST', `/deployments/${id}/accept`)).status).toBe(200);
    expect((await e2e.asExpert(expert, 'POST', `/deployments/${id}/start`)).status).toBe(200);
    const publish = (data?: unknown) =>
      e2e.asExpert<ErrorBody>(expert, 'POST', `/deployments/${id}/publish`, {
        body: 'Three options.',
        duration_seconds: 600,
        credits_charged: 5,
        ...(data === undefined ? {} : { data }),
      });

    const missing = await publish();
    expect(missing.status).toBe(400);
    expect(missing.body.error.param).toBe('output.data');
    const tooFew = await publish({ variants: ['One', 'Two'], chosen: 0, tone: 'warm' });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.error).toMatchObject({ param: 'output.data/variants', message: expect.stringContaining('fewer than 3') });
    const badTone = await publish({ variants: ['One', 'Two', 'Three'], chosen: 0, tone: 'loud' });
    expect(badTone.body.error).toMatchObject({ param: 'output.data/tone' });
    // The expert CLI sends the same check.
    await expect(
      e2e.expertCli(
        expert,
        'publish',
        '--deployment',
        id,
        '--body',
        'x',
        '--duration-seconds',
        '1',
        '--credits',
        '1',
        '--data',
        '{"variants":["a"],"chosen":0,"tone":"warm"}',
      ),
    ).rejects.toThrow(/output\.data\/variants/);
    expect((await e2e.get(workspace.keys.live, id)).body.status).toBe('in_progress');

    const answer = { variants: ['Fresh every morning', 'Bread worth waking for', 'The loaf you remember'], chosen: 1, tone: 'warm' };
    const published = await e2e.expertCli<TypedDeployment>(
      expert,
      'publish',
      '--deployment',
      id,
      '--body',
      'Three options; the second is strongest.',
      '--duration-seconds',
      '600',
      '--credits',
      '5',
      '--data',
      JSON.stringify(answer),
    );
    expect(published.status).toBe('completed');
    const got = (await e2e.get(workspace.keys.live, id)).body as TypedDeployment;
    expect(got.output?.data).toEqual(answer);
    expect(ajv.validate(HEADLINE_SCHEMA, got.output?.data)).toBe(true);
    const deliveries = await receiver.waitForDeliveries('/typed', 3, 20_000);
    const completed = deliveries.map((delivery) => JSON.parse(delivery.body)).find((event) => event.type === 'deployment.completed');
    expect(completed?.data.object.output.data).toEqual(answer);
    expect(completed?.data.object.output_schema).toEqual(HEADLINE_SCHEMA);
  });

  it('takes one rating per completed deployment, and a poor one sends the next offer to another expert', async () => {
    const first = await e2e.addExpert(['e2e-rated'], 30, { availability: 'online' });
    const done = await e2e.create(workspace.keys.live, { brief: 'A tagline for the spring menu.', skills: ['e2e-rated'] });
    expect((await e2e.waitForOffer(done.body.id, 1)).expertId).toBe(first.id);
    for (const action of ['accept', 'start']) expect((await e2e.asExpert(first, 'POST', `/deployments/${done.body.id}/${action}`)).status).toBe(200);
    const published = await e2e.asExpert(first, 'POST', `/deployments/${done.body.id}/publish`, {
      body: 'Spring, served.',
      duration_seconds: 60,
      credits_charged: 1,
    });
    expect(published.status).toBe(200);
    const second = await e2e.addExpert(['e2e-rated'], 30, { availability: 'online' });

    const feedback = (id: string, body: unknown) =>
      request<TypedDeployment & ErrorBody & { feedback?: unknown }>(services.baseUrl, 'POST', `/v1/deployments/${id}/feedback`, {
        key: workspace.keys.live,
        body,
      });
    // Unrated, the first expert's completed work for this workspace puts them first.
    const before = await e2e.create(workspace.keys.live, { brief: 'A tagline for the summer menu.', skills: ['e2e-rated'] });
    const offeredBefore = await e2e.waitForOffer(before.body.id, 1);
    expect(offeredBefore.expertId).toBe(first.id);
    expect(offeredBefore.data.match).toMatchObject({ brief_fit: 0.5, completed_for_workspace: 1 });
    expect((await request(services.baseUrl, 'POST', `/v1/deployments/${before.body.id}/cancel`, { key: workspace.keys.live })).status).toBe(200);

    expect((await feedback(before.body.id, { rating: 5 })).body.error).toMatchObject({ code: 'deployment_not_completed' });
    expect((await feedback(done.body.id, { rating: 7 })).body.error).toMatchObject({ code: 'invalid_request', param: 'rating' });
    const rated = await feedback(done.body.id, { rating: 1, comment: 'Off brief.' });
    expect(rated.status).toBe(200);
    expect(rated.body.feedback).toEqual({ rating: 1, comment: 'Off brief.', given_at: expect.any(String) });
    expect((await feedback(done.body.id, { rating: 1, comment: 'Off brief.' })).status).toBe(200);
    const changed = await feedback(done.body.id, { rating: 5 });
    expect([changed.status, changed.body.error.code]).toEqual([409, 'feedback_already_given']);

    // brief_fit = f(−2) = −2/3 for the first expert now: the one with no history is offered first.
    const after = await e2e.create(workspace.keys.live, { brief: 'A tagline for the autumn menu.', skills: ['e2e-rated'] });
    const offeredAfter = await e2e.waitForOffer(after.body.id, 1);
    expect(offeredAfter.expertId).toBe(second.id);
    expect(offeredAfter.data.match).toMatchObject({ brief_fit: 0, rank: 1, candidates: 2 });

    const history = await e2e.asExpert<{ ratings: unknown; data: { deployment_id: string; feedback: unknown }[] }>(first, 'GET', '/earnings');
    expect(history.body.ratings).toEqual({ mean: 1, count: 1 });
    expect(history.body.data.find((item) => item.deployment_id === done.body.id)?.feedback).toEqual({ rating: 1, comment: 'Off brief.' });
    const roster = await request<{ data: { id: string; ratings: unknown }[] }>(services.baseUrl, 'GET', '/admin/v1/experts?skill=e2e-rated', {
      headers: e2e.admin,
    });
    expect(roster.body.data.find((entry) => entry.id === first.id)?.ratings).toEqual({ mean: 1, count: 1 });
    expect(roster.body.data.find((entry) => entry.id === second.id)?.ratings).toEqual({ mean: null, count: 0 });
  });

  it('offers a follow-up to the expert who did the earlier work first, shows them that work and the chain, and falls back while they are away', async () => {
    const earlierExpert = await e2e.addExpert(['e2e-follow'], 30, { availability: 'online' });
    const earlier = await e2e.create(workspace.keys.live, { brief: 'Name our oat milk.', skills: ['e2e-follow'] });
    expect((await e2e.waitForOffer(earlier.body.id, 1)).expertId).toBe(earlierExpert.id);
    for (const action of ['accept', 'start']) await e2e.asExpert(earlierExpert, 'POST', `/deployments/${earlier.body.id}/${action}`);
    await e2e.asExpert(earlierExpert, 'POST', `/deployments/${earlier.body.id}/publish`, {
      body: 'Oatly? Taken. Try "Groundswell".',
      duration_seconds: 60,
      credits_charged: 1,
    });
    // A faster expert joins: without the follow-up, they would rank first.
    const faster = await e2e.addExpert(['e2e-follow'], 5, { availability: 'online' });

    const followUp = await e2e.create(workspace.keys.live, {
      brief: 'Three more names in the same vein.',
      skills: ['e2e-follow'],
      follow_up_to: earlier.body.id,
    });
    expect(followUp.status).toBe(201);
    expect(followUp.body).toMatchObject({ follow_up_to: earlier.body.id });
    const offered = await e2e.waitForOffer(followUp.body.id, 1);
    expect(offered.expertId).toBe(earlierExpert.id);
    expect(offered.data.match).toMatchObject({ follow_up_of: earlier.body.id, rank: 1, candidates: 2 });
    const seen = await e2e.asExpert<{ follow_up_to: string; follow_up_of: { brief: string; output: { body: string } } | null }>(
      earlierExpert,
      'GET',
      `/deployments/${followUp.body.id}`,
    );
    expect(seen.body).toMatchObject({
      follow_up_to: earlier.body.id,
      follow_up_of: { brief: 'Name our oat milk.', output: { body: expect.stringContaining('Groundswell') } },
    });
    const chain = await e2e.get(workspace.keys.live, earlier.body.id);
    expect((chain.body as TypedDeployment & { follow_ups?: string[] }).follow_ups).toEqual([followUp.body.id]);

    // Away: the follow-up goes through normal routing at once, and the other expert sees the earlier work only once assigned.
    await request(services.baseUrl, 'POST', `/admin/v1/experts/${earlierExpert.id}/availability`, { headers: e2e.admin, body: { availability: 'offline' } });
    const whileAway = await e2e.create(workspace.keys.live, { brief: 'And a tagline for it.', skills: ['e2e-follow'], follow_up_to: earlier.body.id });
    expect((await e2e.waitForOffer(whileAway.body.id, 1)).expertId).toBe(faster.id);
    const beforeAccepting = await e2e.asExpert<{ follow_up_of: unknown }>(faster, 'GET', `/deployments/${whileAway.body.id}`);
    expect(beforeAccepting.body.follow_up_of).toBeNull();
    await e2e.asExpert(faster, 'POST', `/deployments/${whileAway.body.id}/accept`);
    const afterAccepting = await e2e.asExpert<{ follow_up_of: { deployment_id: string } | null }>(faster, 'GET', `/deployments/${whileAway.body.id}`);
    expect(afterAccepting.body.follow_up_of?.deployment_id).toBe(earlier.body.id);
    expect((await e2e.get(workspace.keys.live, earlier.body.id)).body).toMatchObject({ follow_ups: [followUp.body.id, whileAway.body.id] });

    // Unknown, another workspace's or mode's, and unfinished ids.
    const refuse = (follow_up_to: string, key = workspace.keys.live) =>
      request<ErrorBody>(services.baseUrl, 'POST', '/v1/deployments', { key, body: { brief: 'More.', skills: ['e2e-follow'], follow_up_to } });
    const other = await services.ops<Workspace>('workspace:create', '--name', 'follow-ups-other');
    for (const [answer, status] of [
      [await refuse('dep_01JZZZZZZZZZZZZZZZZZZZZZZZ'), 404],
      [await refuse('not-an-id'), 404],
      [await refuse(earlier.body.id, other.keys.live), 404],
      [await refuse(earlier.body.id, workspace.keys.test), 404],
      [await refuse(whileAway.body.id), 400],
    ] as const) {
      expect([answer.status, answer.body.error.param]).toEqual([status, 'follow_up_to']);
    }
  });
});
