/**
 * Thresholds, the in-flight limit and an empty balance over HTTP, and the admin API that sets
 * them up. Reservations are 60 credits: rate 60/h × median 60 min.
 */
import { request, type ErrorBody } from '../support/http';
import { LedgerE2e, type Workspace } from './support/ledger-e2e';

interface AccountSummary {
  plan: { name: string; cycle_cap_credits: number; in_flight_limit: number };
  credits_remaining: number;
  allowance: number;
  topup: number;
  credits_reserved: number;
  thresholds_reached: number[];
}

describe('thresholds, in-flight limit and credits exhausted', () => {
  let e2e: LedgerE2e;

  const admin = <T>(method: string, path: string, body?: unknown) => request<T>(e2e.services.baseUrl, method, `/admin/v1${path}`, { headers: e2e.admin, body });
  const cancel = (key: string, id: string) => request(e2e.services.baseUrl, 'POST', `/v1/deployments/${id}/cancel`, { key });
  const thresholdEvents = async (workspace: Workspace) =>
    (await e2e.events(`account-${workspace.id}`)).filter((event) => event.type === 'usage.threshold_reached').map((event) => event.data.threshold);

  beforeAll(async () => {
    e2e = await LedgerE2e.shared({ SLA_STANDARD_SECONDS: '600', OFFER_TIMEOUT_SECONDS: '600' });
    await e2e.expert('ledger-limits', 60, 60);
  });

  afterAll(async () => {
    await e2e?.stop();
  });

  it('sets a plan and tops up through the admin API; a repeated grant reference adds nothing', async () => {
    const workspace = await e2e.services.ops<Workspace>('workspace:create', '--name', 'admin-account');
    expect((await admin<{ data: { name: string }[] }>('GET', '/plans')).body.data.map((plan) => plan.name)).toEqual(['standard']);
    const planned = await admin<AccountSummary>('PATCH', `/workspaces/${workspace.id}/account/plan`, {
      name: 'pro',
      cycle_cap_credits: 500,
      in_flight_limit: 20,
    });
    expect([planned.status, planned.body.plan, planned.body.allowance]).toEqual([
      200,
      { name: 'pro', cycle_cap_credits: 500, cycle_days: 30, in_flight_limit: 20 },
      500,
    ]);
    const granted = await admin<AccountSummary>('POST', `/workspaces/${workspace.id}/account/credits`, { credits: 250, reference: 'inv-7' });
    expect([granted.status, granted.body.topup, granted.body.credits_remaining]).toEqual([200, 250, 750]);
    expect(
      (await admin<AccountSummary>('POST', `/workspaces/${workspace.id}/account/credits`, { credits: 250, reference: 'inv-7' })).body.credits_remaining,
    ).toBe(750);
    const refused = await admin<ErrorBody>('POST', `/workspaces/${workspace.id}/account/credits`, { credits: 0 });
    expect([refused.status, refused.body.error.param]).toEqual([400, 'credits']);
    const badPlan = await admin<ErrorBody>('PATCH', `/workspaces/${workspace.id}/account/plan`, { cycle_days: 0 });
    expect([badPlan.status, badPlan.body.error.param]).toEqual([400, 'cycle_days']);
    expect((await admin<ErrorBody>('GET', '/workspaces/ws_01JNOSUCHWORKSPACE00000000/account')).status).toBe(404);
    expect((await e2e.services.ops<AccountSummary>('account:show', '--workspace', workspace.id)).credits_remaining).toBe(750);
  });

  it('fires usage.threshold_reached at 50, 80 and 95 % of the cycle cap, once each per cycle', async () => {
    const workspace = await e2e.workspace('thresholds', { cap: 200, inFlight: 20 });
    await e2e.services.ops('account:grant', '--workspace', workspace.id, '--credits', '1000');
    const ids: string[] = [];
    // 60, 120, 180, 240 credits held: 30 %, 60 %, 90 %, 120 % of 200.
    for (const expected of [[], [50], [50, 80], [50, 80, 95]]) {
      const created = await e2e.create(workspace.keys.live, 'ledger-limits');
      expect(created.status).toBe(201);
      ids.push(created.body.id);
      expect(await thresholdEvents(workspace)).toEqual(expected);
    }
    for (const id of ids) await cancel(workspace.keys.live, id);
    await e2e.usageWhen(workspace.keys.live, (usage) => usage.credits_reserved === 0, 'after cancelling all');
    for (let i = 0; i < 4; i++) expect((await e2e.create(workspace.keys.live, 'ledger-limits')).status).toBe(201);
    expect(await thresholdEvents(workspace)).toEqual([50, 80, 95]);
    const [first] = (await e2e.events(`account-${workspace.id}`)).filter((event) => event.type === 'usage.threshold_reached');
    expect(first.data).toMatchObject({ workspace_id: workspace.id, threshold: 50, cycle_cap_credits: 200, consumed_credits: 120 });
  });

  it('refuses past the in-flight limit: 429 in_flight_limit_reached with Retry-After; a finished deployment frees its slot', async () => {
    const workspace = await e2e.workspace('in-flight', { cap: 10_000, inFlight: 2 });
    const first = await e2e.create(workspace.keys.live, 'ledger-limits');
    expect((await e2e.create(workspace.keys.live, 'ledger-limits')).status).toBe(201);
    const refused = await e2e.create<ErrorBody>(workspace.keys.live, 'ledger-limits');
    expect([refused.status, refused.body.error.code, refused.body.error.type, refused.headers.get('retry-after')]).toEqual([
      429,
      'in_flight_limit_reached',
      'rate_limit_error',
      '30',
    ]);
    // Test mode neither holds credits nor counts toward the limit.
    expect((await e2e.create(workspace.keys.test, 'ledger-limits')).status).toBe(201);
    await cancel(workspace.keys.live, first.body.id);
    await e2e.usageWhen(workspace.keys.live, (usage) => usage.in_flight === 1, 'after a cancel');
    expect((await e2e.create(workspace.keys.live, 'ledger-limits')).status).toBe(201);
  });

  it('refuses when the balance cannot cover the reservation: 402 credits_exhausted, nothing created', async () => {
    const workspace = await e2e.workspace('exhausted', { cap: 100, inFlight: 10 });
    expect((await e2e.create(workspace.keys.live, 'ledger-limits')).status).toBe(201);
    const refused = await e2e.create<ErrorBody>(workspace.keys.live, 'ledger-limits');
    expect([refused.status, refused.body.error.code, refused.body.error.type]).toEqual([402, 'credits_exhausted', 'billing_error']);
    expect(refused.body.error.message).toContain('60 credits');
    const { rows } = await e2e.services.database.pool.query<{ count: string }>('SELECT count(*) FROM deployments_view WHERE workspace_id = $1', [workspace.id]);
    expect(Number(rows[0].count)).toBe(1);
  });
});
