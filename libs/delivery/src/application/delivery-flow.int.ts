import { deliveryStreamName, deploymentStreamName, deriveEventId, newId, type DeploymentEvent } from '@eh/contracts';
import { deploymentDecider, SYNTHETIC_EXPERT, type DeploymentCommand } from '@eh/deployments';
import { handleCommand, PostgresEventStore, type CommandContext, type RecordedEvent } from '@eh/event-store';
import { AttachmentUrls } from '@eh/attachments';
import { parseSecretKeyring, runMigrations, SecretCipher } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { allMigrations, inlineProjections } from '../../../../test/support/all-contexts';
import { verifyWebhook } from '@eh/webhook-signature';
import { createWorkspace } from '@eh/workspaces';
import { pendingDeliveriesDue } from '../adapters/deliveries-view.query';
import { endpointsTakingEvent, everyEndpointStored } from '../adapters/webhook-endpoints-view.query';
import { deliveriesViewProjection } from '../adapters/deliveries-view.projection';
import type { AttemptResult } from '../domain/delivery-outcome';
import { DeliveryTransitionError } from '../domain/delivery-errors';
import type { ScheduleDelivery } from '../domain/delivery.commands';
import { attemptDelivery, type AttemptDeps } from './attempt-delivery.handler';
import { replayDelivery } from './replay-deliveries.handler';
import { recordSchedule, scheduleDeliveries, type ScheduleOptions, type ScheduleRecorder } from './schedule-deliveries.handler';
import { ensureSigningSecret } from './signing-secret.handler';
import { WebhookReads } from './webhook-reads';
import { registerWebhookEndpoint } from './webhook-endpoint.handler';
import { WebhookDestinations } from './webhook-destinations';
import { plainDeploymentData } from '@eh/contracts/testing';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const cipher = new SecretCipher(parseSecretKeyring(`k1:${Buffer.alloc(32, 7).toString('base64')}`));

/** The application handlers against the real PostgreSQL store and its inline projections. */
describe('scheduling and attempting deliveries (PostgreSQL)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let workspaceId: string;
  let secret: string;
  const sent: { url: string; body: string; headers: Record<string, string> }[] = [];
  const enqueued: [string, number, Date][] = [];
  let answers: AttemptResult[] = [];
  /** The service's in-memory reads, as it builds them (WebhookReads). */
  let reads: WebhookReads;
  const attachmentUrls = new AttachmentUrls({ publicBaseUrl: 'https://api.example', secrets: ['a'.repeat(64)], ttlSeconds: 86_400 });
  /** What the fan-out schedules an event's deliveries with, as the webhooks service builds it; `record` schedules alone unless given. */
  const scheduleOptions = (record: ScheduleRecorder = (command, context) => recordSchedule(store, command, context)): ScheduleOptions => ({
    presentObject: (object, now) => attachmentUrls.present(object, now),
    ensureSigningSecret: async (workspace, mode) => {
      await ensureSigningSecret({ store, cipher, now: NOW, correlationId: `fanout:${workspace}` }, workspace, mode);
    },
    subjectOf: (event) => reads.subjectOf(event),
    ...reads.endpointsFor(undefined),
    record,
    answered: () => undefined,
  });
  const schedule = (event: RecordedEvent) => scheduleDeliveries(event, NOW, scheduleOptions());
  const attempt = async (deps: AttemptDeps, deliveryId: string, number: number) => (await attemptDelivery(deps, { deliveryId, attempt: number })).outcome;
  const deps = (): AttemptDeps => ({
    store,
    secrets: cipher,
    sender: { send: async (request) => (sent.push(request), answers.shift() ?? { status_code: 200, latency_ms: 1, error: null }) },
    scheduler: { enqueue: async (...job) => void enqueued.push(job) },
    retryDelaysMs: [1000],
    clock: () => NOW,
    signingReads: reads.signing,
  });

  /** A test-mode deployment created and accepted by the synthetic expert; returns its `deployment.accepted`. */
  async function acceptedDeployment(webhookUrl: string | null): Promise<RecordedEvent> {
    const id = newId('deployment');
    const create: DeploymentCommand = {
      type: 'create',
      data: plainDeploymentData({
        deployment_id: id,
        workspace_id: workspaceId,
        mode: 'test',
        brief: 'b',
        skills: ['naming'],
        metadata: { order: 7 },
        webhook_url: webhookUrl,
        sla_deadline: NOW.toISOString(),
        credits_reserved: 0,
        created_at: NOW.toISOString(),
      }),
    };
    const context = { workspaceId, correlationId: 'req_test', causationId: null, now: NOW.toISOString() };
    await handleCommand(store, deploymentDecider, deploymentStreamName(id), create, context);
    await handleCommand(store, deploymentDecider, deploymentStreamName(id), { type: 'accept', expert: SYNTHETIC_EXPERT, now: NOW.toISOString() }, context);
    const events = await store.read(deploymentStreamName(id));
    return events.find((event) => (event as RecordedEvent<DeploymentEvent['type']>).type === 'deployment.accepted') as RecordedEvent;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, allMigrations);
    store = new PostgresEventStore(db.pool, { inlineProjections });
    reads = new WebhookReads(store, (workspace, mode, eventType) => endpointsTakingEvent(db.pool, workspace, mode, eventType));
    workspaceId = (await createWorkspace(store, 'flow', NOW)).id;
    const registered = await registerWebhookEndpoint(
      { sql: db.pool, store, cipher, allowPrivateUrls: true, now: NOW, correlationId: 'req_1' },
      workspaceId,
      'http://127.0.0.1:9/hook',
    );
    secret = registered.secret ?? '';
  });

  afterAll(async () => {
    reads?.close();
    await store?.close();
    await db?.drop();
  });

  it('the relay, starting from the endpoints stored, copies for the fan-out no event of a workspace without an endpoint or a webhook_url', async () => {
    const bare = (await createWorkspace(store, 'bare', NOW)).id;
    const other = workspaceId;
    const selector = new WebhookDestinations(await everyEndpointStored(db.pool), 'flow');
    // Each event of the deployment, in order, as the relay reads them.
    const copied = async (webhookUrl: string | null): Promise<boolean[]> =>
      (await store.read((await acceptedDeployment(webhookUrl)).streamName)).map((event) => selector.copies(event));
    workspaceId = bare;
    try {
      expect(await copied(null)).toEqual([false, false]);
      expect(await copied('http://127.0.0.1:9/override')).toEqual([true, true]);
      // Not about a deployment (a handoff, usage): only the workspace's endpoints count.
      const usage = { ...(await acceptedDeployment(null)), streamName: `account-${bare}`, type: 'usage.threshold_reached' };
      expect(selector.copies(usage)).toBe(false);
    } finally {
      workspaceId = other;
    }
    // The workspace with the admin API's endpoint (no mode: it takes test and live).
    expect(await copied(null)).toEqual([true, true]);
  });

  it('schedules one delivery per event and destination, once however often the event comes', async () => {
    const accepted = await acceptedDeployment(null);
    const [first] = await schedule(accepted);
    expect(first.created).toBe(true);
    const again = await schedule(accepted);
    expect(again.map(({ delivery_id, created }) => ({ delivery_id, created }))).toEqual([{ delivery_id: first.delivery_id, created: false }]);
    // What it was left as (FirstAttempts starts attempt 1 from it): the delivery as stored.
    expect(again[0].folded).toEqual({ state: first.folded.state, revision: 0 });
    expect(first.folded.state).toMatchObject({ status: 'scheduled', next_attempt: 1 });
    const due = await pendingDeliveriesDue(db.pool, NOW, 100);
    expect(due.map((row) => [row.delivery_id, row.next_attempt])).toContainEqual([first.delivery_id, 1]);
  });

  it('signs and sends the stored body, retries a 5xx through the scheduler, skips a stale job, then succeeds', async () => {
    const accepted = await acceptedDeployment(null);
    const [{ delivery_id: id }] = await schedule(accepted);
    answers = [{ status_code: 500, latency_ms: 3, error: null }];
    expect(await attempt(deps(), id, 1)).toBe('retrying');
    expect(enqueued.at(-1)).toEqual([id, 2, new Date(NOW.getTime() + 1000)]);
    expect(await attempt(deps(), id, 1)).toBe('skipped');
    expect(await attempt(deps(), id, 2)).toBe('succeeded');
    const requests = sent.filter((request) => request.headers['service-delivery'] === id);
    expect(requests).toHaveLength(2);
    expect(requests[0].body).toBe(requests[1].body);
    expect(JSON.parse(requests[0].body)).toMatchObject({ id: accepted.id, type: 'deployment.accepted', sequence: 1, metadata: { order: 7 } });
    const now = Math.floor(NOW.getTime() / 1000);
    expect(verifyWebhook({ payload: requests[0].body, header: requests[0].headers['service-signature'], secrets: [secret], now }).valid).toBe(true);
    // A success can be resent (same id); a pending one cannot.
    await expect(replayDelivery(store, id, { requestedBy: 'test', correlationId: 'req_2', now: NOW })).resolves.toMatchObject({
      id,
      status: 'scheduled',
      attempts: 2,
    });
    await expect(replayDelivery(store, id, { requestedBy: 'test', correlationId: 'req_3', now: NOW })).rejects.toBeInstanceOf(DeliveryTransitionError);
  });

  it("sends to the deployment's webhook_url instead of the endpoint, signed with the workspace secret", async () => {
    const accepted = await acceptedDeployment('http://127.0.0.1:9/override');
    const [{ delivery_id: id }] = await schedule(accepted);
    await attempt(deps(), id, 1);
    expect(sent.at(-1)?.url).toBe('http://127.0.0.1:9/override');
    const row = await db.pool.query<{ endpoint_id: string | null; status: string }>('SELECT endpoint_id, status FROM deliveries_view WHERE delivery_id = $1', [
      id,
    ]);
    expect(row.rows[0]).toEqual({ endpoint_id: null, status: 'succeeded' });
  });

  it("delivers the ledger's usage.threshold_reached to the workspace endpoint, its figures as the object", async () => {
    const data = {
      workspace_id: workspaceId,
      threshold: 80,
      cycle_start: NOW.toISOString(),
      cycle_end: NOW.toISOString(),
      cycle_cap_credits: 1000,
      consumed_credits: 800,
      credits_remaining: 200,
      reached_at: NOW.toISOString(),
    };
    const metadata = { workspace_id: workspaceId, correlation_id: 'req_u', causation_id: null, schema_version: 1, occurred_at: NOW.toISOString() };
    await store.append(`account-${workspaceId}`, [{ id: newId('event'), type: 'usage.threshold_reached', data, metadata }], 'any');
    const [event] = (await store.read(`account-${workspaceId}`)).filter((recorded) => recorded.type === 'usage.threshold_reached');
    const [{ delivery_id: id }] = await schedule(event);
    await attempt(deps(), id, 1);
    const body = JSON.parse(sent.at(-1)?.body ?? '{}');
    expect(sent.at(-1)?.url).toBe('http://127.0.0.1:9/hook');
    expect(body).toMatchObject({ type: 'usage.threshold_reached', data: { object: { threshold: 80, credits_remaining: 200 } }, metadata: {} });
  });

  /** The schedule the fan-out would record for the event's one destination, and its context. */
  async function scheduleOf(event: RecordedEvent): Promise<{ command: ScheduleDelivery; context: CommandContext }> {
    let captured: { command: ScheduleDelivery; context: CommandContext } | undefined;
    await scheduleDeliveries(
      event,
      NOW,
      scheduleOptions(async (command, context) => {
        captured = { command, context };
        return { delivery_id: command.data.delivery_id, created: false, folded: { state: { status: 'initial' }, revision: -1 } };
      }),
    );
    if (!captured) throw new Error('no destination');
    return captured;
  }

  it('records attempt 1 made before its schedule with it: one append, the ids each would have alone, and a repeat records nothing', async () => {
    const accepted = await acceptedDeployment(null);
    const { command, context } = await scheduleOf(accepted);
    const id = command.data.delivery_id;
    expect(await store.read(deliveryStreamName(id))).toEqual([]);
    const early = await attemptDelivery(deps(), { schedule: command, context, waitMs: 5_000, answered: () => undefined });
    expect(early).toMatchObject({ recorded: true, outcome: 'succeeded', created: true, folded: { revision: 2 } });
    const events = await store.read(deliveryStreamName(id));
    expect(events.map((event) => [event.type, event.id])).toEqual([
      ['delivery.scheduled', deriveEventId(accepted.id, `webhooks:${id}`, 0)],
      ['delivery.attempted', deriveEventId(id, 'attempt-1', 0)],
      ['delivery.succeeded', deriveEventId(id, 'attempt-1', 1)],
    ]);
    const transactions = await db.pool.query('SELECT DISTINCT transaction_id FROM events WHERE stream_name = $1', [deliveryStreamName(id)]);
    expect(transactions.rowCount).toBe(1);
    const row = await db.pool.query<{ status: string }>('SELECT status FROM deliveries_view WHERE delivery_id = $1', [id]);
    expect(row.rows[0]?.status).toBe('succeeded');
    const request = sent.filter((one) => one.headers['service-delivery'] === id);
    expect(
      verifyWebhook({ payload: request[0].body, header: request[0].headers['service-signature'], secrets: [secret], now: Math.floor(NOW.getTime() / 1000) })
        .valid,
    ).toBe(true);

    // The event again (its ack was lost): the POST is repeated, as after a crash, and nothing more recorded.
    const repeat = await attemptDelivery(deps(), { schedule: command, context, waitMs: 5_000, answered: () => undefined });
    expect(repeat).toMatchObject({ recorded: true, created: false });
    expect(sent.filter((one) => one.headers['service-delivery'] === id)).toHaveLength(2);
    expect(await store.read(deliveryStreamName(id))).toHaveLength(3);
  });

  it('records a first attempt that failed with its schedule and its retry, and enqueues the retry', async () => {
    const { command, context } = await scheduleOf(await acceptedDeployment(null));
    answers = [{ status_code: 503, latency_ms: 2, error: null }];
    expect(await attemptDelivery(deps(), { schedule: command, context, waitMs: 5_000, answered: () => undefined })).toMatchObject({
      recorded: true,
      outcome: 'retrying',
    });
    expect(enqueued.at(-1)).toEqual([command.data.delivery_id, 2, new Date(NOW.getTime() + 1000)]);
  });

  it('records nothing for an attempt not sent in time; recorded after its schedule, the delivery is the same', async () => {
    const { command, context } = await scheduleOf(await acceptedDeployment(null));
    const id = command.data.delivery_id;
    let answer!: () => void;
    const slow: AttemptDeps = {
      ...deps(),
      sender: { send: () => new Promise((resolve) => (answer = () => resolve({ status_code: 204, latency_ms: 400, error: null }))) },
    };
    const early = await attemptDelivery(slow, { schedule: command, context, waitMs: 20, answered: () => undefined });
    expect(early.recorded).toBe(false);
    expect(await store.read(deliveryStreamName(id))).toEqual([]);
    const scheduled = await recordSchedule(store, command, context);
    answer();
    if (early.recorded) throw new Error('recorded');
    expect((await attemptDelivery(slow, { deliveryId: id, attempt: 1, folded: scheduled.folded, sent: await early.sent })).outcome).toBe('succeeded');
    expect((await store.read(deliveryStreamName(id))).map((event) => [event.type, event.streamRevision])).toEqual([
      ['delivery.scheduled', 0],
      ['delivery.attempted', 1],
      ['delivery.succeeded', 2],
    ]);
  });

  it('the read model rebuilds from the events to the same rows', async () => {
    const before = await db.pool.query('SELECT delivery_id, status, next_attempt, resource::text FROM deliveries_view ORDER BY delivery_id');
    await store.rebuildProjection(deliveriesViewProjection);
    const after = await db.pool.query('SELECT delivery_id, status, next_attempt, resource::text FROM deliveries_view ORDER BY delivery_id');
    expect(after.rows).toEqual(before.rows);
    expect(after.rows.length).toBeGreaterThanOrEqual(3);
  });
});
