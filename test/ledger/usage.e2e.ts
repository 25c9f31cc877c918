/**
 * GET /v1/usage after create, cancel, expiry and completion of live deployments, through
 * every service process. The expert's rate 60 credits/h and median
 * turnaround 60 min make every reservation 60 credits: ceil(60 × 60 / 60).
 */
import { waitUntil } from '@eh/platform/testing';
import { request, type ErrorBody } from '../support/http';
import { LedgerE2e, type Deployment, type Expert, type Usage, type Workspace } from './support/ledger-e2e';

const DAY_MS = 86_400_000;
const CLOCKS = { SLA_PRIORITY_SECONDS: '3', SLA_STANDARD_SECONDS: '60', OFFER_TIMEOUT_SECONDS: '120', TIMER_RECONCILE_SECONDS: '1' };

describe('usage of a live workspace through create, cancel, expiry and completion', () => {
  let e2e: LedgerE2e;
  let workspace: Workspace;
  let expert: Expert;
  let live: string;

  const accountEvents = async (type: string) => (await e2e.events(`account-${workspace.id}`)).filter((event) => event.type === type);

  beforeAll(async () => {
    e2e = await LedgerE2e.start(CLOCKS);
    workspace = await e2e.workspace('usage', { cap: 1000, inFlight: 10 });
    live = workspace.keys.live;
    expert = await e2e.expert('ledger-usage', 60, 60);
  });

  afterAll(async () => {
    await e2e?.stop();
  });

  it("starts with the plan's allowance, nothing reserved, nothing burning, a 30-day cycle", async () => {
    const usage = await e2e.usageWhen(live, (u) => u.credits_remaining === 1000, 'with the plan applied');
    expect(usage).toMatchObject({ credits_reserved: 0, deployments_this_cycle: 0, burn_rate_daily: 0, forecasted_depletion: null, in_flight: 0 });
    expect(Date.parse(usage.cycle_end) - Date.parse(usage.cycle_start)).toBe(30 * DAY_MS);
    // Credits are per workspace: a test key reads the same account.
    expect((await e2e.usage(workspace.keys.test)).body).toEqual(usage);
  });

  it('reserves on create, and releases in full on cancel', async () => {
    const created = await e2e.create(live, 'ledger-usage');
    expect([created.status, created.body.credits_reserved]).toEqual([201, 60]);
    await e2e.usageWhen(
      live,
      (u) => u.credits_remaining === 940 && u.credits_reserved === 60 && u.in_flight === 1 && u.deployments_this_cycle === 1,
      'after create',
    );

    const cancelled = await request<Deployment>(e2e.services.baseUrl, 'POST', `/v1/deployments/${created.body.id}/cancel`, { key: live });
    expect(cancelled.body.status).toBe('cancelled');
    await e2e.usageWhen(
      live,
      (u) => u.credits_remaining === 1000 && u.credits_reserved === 0 && u.in_flight === 0 && u.deployments_this_cycle === 1,
      'after cancel',
    );
    expect((await accountEvents('account.credits_released')).map((event) => event.data)).toEqual([
      expect.objectContaining({ deployment_id: created.body.id, amount: 60, reason: 'cancelled' }),
    ]);
  });

  it('releases in full when nobody accepts within the SLA (expired)', async () => {
    const created = await e2e.create(live, 'ledger-usage', { urgency: 'priority' });
    expect(created.status).toBe(201);
    await e2e.usageWhen(live, (u) => u.credits_reserved === 60, 'while pending');
    await e2e.usageWhen(live, (u) => u.credits_remaining === 1000 && u.credits_reserved === 0 && u.deployments_this_cycle === 2, 'after expiry');
    const released = await accountEvents('account.credits_released');
    expect(released[released.length - 1].data).toMatchObject({ deployment_id: created.body.id, amount: 60, reason: 'expired' });
  });

  it('settles on completion to the reported charge, the rest released; burn rate and forecast follow', async () => {
    const created = await e2e.create(live, 'ledger-usage');
    await e2e.complete(expert, created.body.id, 42);
    const usage = await e2e.usageWhen(live, (u) => u.credits_remaining === 958 && u.credits_reserved === 0, 'after completion');
    // burn_rate_daily = credits charged in the last 7 days / 7.
    expect(usage).toMatchObject({ deployments_this_cycle: 3, burn_rate_daily: 6, in_flight: 0 });
    const days = (Date.parse(usage.forecasted_depletion ?? '') - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(958 / 6 - 0.01);
    expect(days).toBeLessThan(958 / 6 + 0.01);
    const settled = await accountEvents('account.credits_settled');
    expect(settled.map((event) => event.data)).toEqual([
      expect.objectContaining({ deployment_id: created.body.id, reserved: 60, charged: 42, released: 18, overage: 0 }),
    ]);
  });

  it('bills at most the reservation: a charge above it is recorded as overage', async () => {
    const created = await e2e.create(live, 'ledger-usage');
    await e2e.complete(expert, created.body.id, 75);
    const completed = await request<Deployment>(e2e.services.baseUrl, 'GET', `/v1/deployments/${created.body.id}`, { key: live });
    // The deployment shows what the expert reported; the account bills at most what it held.
    expect(completed.body.credits_charged).toBe(75);
    const usage: Usage = await e2e.usageWhen(live, (u) => u.credits_remaining === 898 && u.credits_reserved === 0, 'after an overage');
    expect(usage.burn_rate_daily).toBe(Math.round(((42 + 60) / 7) * 100) / 100);
    const settled = await accountEvents('account.credits_settled');
    expect(settled[1].data).toMatchObject({ reserved: 60, reported_charge: 75, charged: 60, overage: 15 });
  });

  it('draws nothing for test-mode deployments', async () => {
    const created = await e2e.create(workspace.keys.test, 'ledger-usage');
    expect([created.status, created.body.credits_reserved]).toEqual([201, 0]);
    const usage = (await e2e.usage(live)).body;
    expect([usage.credits_remaining, usage.credits_reserved, usage.deployments_this_cycle]).toEqual([898, 0, 4]);
    // Its events go out on the test-mode subject, which the ledger's durable does not take.
    const prefix = e2e.services.env.SUBJECT_PREFIX;
    const bus = await waitUntil(
      async () => {
        const seen = await e2e.busSubjects(created.body.id);
        return seen.subjects.length >= 2 ? seen : undefined;
      },
      { description: 'the test deployment on the bus' },
    );
    expect(new Set(bus.subjects)).toEqual(new Set([`${prefix}.deployment.${created.body.id}.test`]));
    expect(bus.ledgerFilter).toBe(`${prefix}.deployment.*`);
  });

  it('answers 401 without a key', async () => {
    const response = await request<ErrorBody>(e2e.services.baseUrl, 'GET', '/v1/usage');
    expect([response.status, response.body.error.code]).toEqual([401, 'authentication_failed']);
  });
});
