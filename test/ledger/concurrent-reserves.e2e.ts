/**
 * Issue 4 "Done when": 200 concurrent creates against a workspace with credits for 100.
 * Exactly 100 succeed, the rest get 402, and the ledger balances to the credit: the fold of
 * the account stream, the usage read model and the deployments agree.
 */
import type { ErrorBody } from '../support/http';
import { LedgerE2e, type Deployment, type Workspace } from './support/ledger-e2e';

const CREATES = 200;
const RESERVATION = 60; // rate 60/h × median 60 min
const AFFORDABLE = 100;

interface AccountSummary {
  credits_remaining: number;
  credits_reserved: number;
  reservations: { deployment_id: string; amount: number }[];
}

describe('200 concurrent creates with credits for 100', () => {
  let e2e: LedgerE2e;
  let workspace: Workspace;

  beforeAll(async () => {
    e2e = await LedgerE2e.start({ SLA_STANDARD_SECONDS: '600', OFFER_TIMEOUT_SECONDS: '600' });
    await e2e.expert('ledger-burst', 60, 60);
    workspace = await e2e.workspace('burst', { cap: AFFORDABLE * RESERVATION, inFlight: 1000 });
  });

  afterAll(async () => {
    await e2e?.stop();
  });

  it('creates exactly 100, refuses 100 with 402, and the ledger balances to the credit', async () => {
    const responses = await Promise.all(Array.from({ length: CREATES }, () => e2e.create<Deployment & ErrorBody>(workspace.keys.live, 'ledger-burst')));
    const created = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status === 402);
    expect([created.length, refused.length]).toEqual([AFFORDABLE, CREATES - AFFORDABLE]);
    expect(new Set(refused.map((response) => response.body.error.code))).toEqual(new Set(['credits_exhausted']));
    expect(created.every((response) => response.body.credits_reserved === RESERVATION)).toBe(true);

    // The truth: the fold of the account stream.
    const account = await e2e.services.ops<AccountSummary>('account:show', '--workspace', workspace.id);
    expect([account.credits_remaining, account.credits_reserved]).toEqual([0, AFFORDABLE * RESERVATION]);
    expect(account.reservations.map((reservation) => reservation.deployment_id).sort()).toEqual(created.map((response) => response.body.id).sort());
    const events = await e2e.events(`account-${workspace.id}`);
    expect(events.filter((event) => event.type === 'account.credits_reserved')).toHaveLength(AFFORDABLE);

    // The read model agrees, and every reservation is confirmed by its deployment.
    const usage = await e2e.usageWhen(workspace.keys.live, (u) => u.deployments_this_cycle === AFFORDABLE, 'every reservation confirmed');
    expect([usage.credits_remaining, usage.credits_reserved, usage.in_flight]).toEqual([0, AFFORDABLE * RESERVATION, AFFORDABLE]);
    const { rows } = await e2e.services.database.pool.query<{ count: string; reserved: string }>(
      "SELECT count(*) AS count, sum((resource->>'credits_reserved')::int) AS reserved FROM deployments_view WHERE workspace_id = $1 AND mode = 'live'",
      [workspace.id],
    );
    expect([Number(rows[0].count), Number(rows[0].reserved)]).toEqual([AFFORDABLE, AFFORDABLE * RESERVATION]);
  });
});
