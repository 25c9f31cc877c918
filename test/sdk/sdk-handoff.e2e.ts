/**
 * The TypeScript SDK against the running services (no mocks): a full handoff
 * (quote → create → question → reply → output) followed with waitFor on the live stream, typed
 * errors with code and request_id, one Idempotency-Key per call across retries through a
 * gateway outage, and a webhook round trip verified with webhooks.constructEvent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExpertHandoff, ExpertUnavailableError, InvalidRequestError, NotFoundError, type ServiceEvent } from '@expert-handoff/sdk';
import { request } from '../support/http';
import { startServices, type RunningServices } from '../support/service-harness';
import { startWithWorkspace } from '../support/workspace';

interface Workspace {
  keys: { test: string; live: string };
}

describe('@expert-handoff/sdk against the running services', () => {
  let services: RunningServices;
  let workspace: Workspace;
  let client: ExpertHandoff;

  beforeAll(async () => {
    ({ services, workspace } = await startWithWorkspace(startServices({ RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }), 'sdk'));
    client = new ExpertHandoff({ apiKey: workspace.keys.test, baseUrl: services.baseUrl });
  });

  afterAll(async () => {
    await services?.stop();
  });

  it('drives a full handoff: quote, create, the question, the reply, the output', async () => {
    const params = {
      brief: 'Write a tagline for a bakery.',
      skills: ['copywriting'],
      metadata: { test_script: 'ask_question', test_question: 'Which city?', test_duration_seconds: 1 },
    };
    const quote = await client.deployments.quote(params);
    expect(quote).toMatchObject({ available: true, credits_reserved: 0 });

    const created = await client.deployments.create(params);
    expect(created.status).toBe('pending');
    const asked = await client.deployments.waitFor(created.id, { until: ['needs_input'], signal: AbortSignal.timeout(20_000) });
    expect(asked).toMatchObject({ status: 'needs_input', question: { body: 'Which city?' } });

    const replied = await client.deployments.reply(created.id, { body: 'Lyon.' });
    expect(replied.status).toBe('in_progress');
    const done = await client.deployments.waitFor(created.id, { until: ['completed'], signal: AbortSignal.timeout(20_000) });
    expect(done).toMatchObject({ status: 'completed', output: { format: 'markdown' }, reply: { body: 'Lyon.' } });
    expect(done.output?.body.length).toBeGreaterThan(0);
    // Already there: resolves at once, from one read.
    expect((await client.deployments.waitFor(created.id, { until: ['completed'] })).status).toBe('completed');
  });

  it('gets a typed answer back: output_schema on create, waitFor typed by the answer’s shape', async () => {
    const outputSchema = {
      type: 'object',
      required: ['variants', 'chosen'],
      properties: { variants: { type: 'array', minItems: 3, items: { type: 'string', maxLength: 60 } }, chosen: { type: 'integer', minimum: 0, maximum: 2 } },
    };
    const created = await client.deployments.create({ brief: 'Three headline variants for a bakery.', skills: ['copywriting'], output_schema: outputSchema });
    expect(created.output_schema).toEqual(outputSchema);
    const done = await client.deployments.waitFor<{ variants: string[]; chosen: number }>(created.id, {
      until: ['completed'],
      signal: AbortSignal.timeout(20_000),
    });
    const variants: string[] | undefined = done.output?.data?.variants;
    expect(variants).toHaveLength(3);
    expect(done.output?.data?.chosen).toEqual(expect.any(Number));
  });

  it('turns API errors into typed exceptions with code, param and request_id', async () => {
    const invalid = await client.deployments.create({ brief: '', skills: ['copywriting'] }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request', param: 'brief', requestId: expect.stringMatching(/^req_/) });

    const missing = await client.deployments.retrieve('dep_01JZZZZZZZZZZZZZZZZZZZZZZZ').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    await expect(client.deployments.waitFor('dep_01JZZZZZZZZZZZZZZZZZZZZZZZ')).rejects.toBeInstanceOf(NotFoundError);

    const live = new ExpertHandoff({ apiKey: workspace.keys.live, baseUrl: services.baseUrl });
    const unavailable = await live.deployments.create({ brief: 'Audit this.', skills: ['e2e-nobody'] }).catch((error: unknown) => error);
    expect(unavailable).toBeInstanceOf(ExpertUnavailableError);
    expect(unavailable).toMatchObject({ code: 'expert_unavailable', status: 422 });
  });

  it('sends one Idempotency-Key per call, and retries a call through a gateway outage without creating twice', async () => {
    const before = (await client.deployments.list({ limit: 100 })).data.length;
    await services.kill('gateway');
    // 8 retries (backoff up to ~30 s in all): a gateway start on a loaded 2-core machine can outlast the default 3 (~4 s).
    const retried = new ExpertHandoff({ apiKey: workspace.keys.test, baseUrl: services.baseUrl, maxRetries: 8 });
    const pending = retried.deployments.create({
      brief: 'Name our newsletter.',
      skills: ['copywriting'],
      urgency: 'scheduled',
      scheduled_for: new Date(Date.now() + 3_600_000).toISOString(),
    });
    setTimeout(() => void services.start('gateway', { waitReady: false }), 300);
    const [created, viaRetries] = await Promise.allSettled([pending, retried.usage.retrieve()]);
    expect(created.status).toBe('fulfilled');
    expect(viaRetries.status).toBe('fulfilled');
    expect((await client.deployments.list({ limit: 100 })).data.length).toBe(before + 1);

    // A caller's own key: the second call is the first one's replay, not a second deployment.
    const params = { brief: 'Name our podcast.', skills: ['copywriting'] };
    const first = await client.deployments.create(params, { idempotencyKey: 'sdk-e2e-1' });
    const again = await client.deployments.create(params, { idempotencyKey: 'sdk-e2e-1' });
    expect(again.id).toBe(first.id);
  });

  it('receives and verifies a webhook round trip with webhooks.constructEvent', async () => {
    const { body: signing } = await request<{ secret: string }>(services.baseUrl, 'POST', '/v1/webhook_signing_secret/reveal', { key: workspace.keys.test });
    const events: ServiceEvent[] = [];
    const rejected: string[] = [];
    const receiver: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const payload = Buffer.concat(chunks);
        try {
          events.push(client.webhooks.constructEvent({ payload, header: req.headers['service-signature'] as string, secrets: [signing.secret] }));
          res.writeHead(204).end();
        } catch (error) {
          rejected.push(String(error));
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const created = await client.deployments.create({ brief: 'A tagline, please.', skills: ['copywriting'], webhook_url: url, metadata: { order: 'A-17' } });
      await client.deployments.waitFor(created.id, { until: ['completed'], signal: AbortSignal.timeout(20_000) });
      const deadline = Date.now() + 15_000;
      while (!events.some((event) => event.type === 'deployment.completed') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const completed = events.find((event) => event.type === 'deployment.completed');
      expect(rejected).toEqual([]);
      if (completed?.type !== 'deployment.completed') throw new Error(`no deployment.completed among ${events.map((event) => event.type).join(', ')}`);
      expect(completed.data.object).toMatchObject({ id: created.id, status: 'completed', metadata: { order: 'A-17' } });
      expect(completed.data.object.output?.body.length).toBeGreaterThan(0);

      expect(client.webhooks.verify({ payload: '{}', header: `t=1,v1=${'0'.repeat(64)}`, secrets: [signing.secret] })).toEqual({
        valid: false,
        reason: 'timestamp_out_of_tolerance',
      });
      expect(() => client.webhooks.constructEvent({ payload: '{}', header: undefined, secrets: [signing.secret] })).toThrow(/missing_header/);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
