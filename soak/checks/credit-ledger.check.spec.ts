import { checkCreditLedger } from './credit-ledger.check';
import { foldDeployments } from './deployment-history.check';
import { StoredEvents, completedLive, createdData, WS, cancelledData } from './testing/stored-events.fixture';

const ACCOUNT = `account-${WS}`;
const plan = { name: 'standard', cycle_cap_credits: 0, cycle_days: 30, in_flight_limit: 10 };

function account(events: StoredEvents): void {
  events.add(ACCOUNT, 'account.opened', {
    workspace_id: WS,
    plan,
    cycle_start: '2026-01-01T00:00:00.000Z',
    cycle_end: '2026-01-31T00:00:00.000Z',
    allowance_granted: 0,
    opened_at: '2026-01-01T00:00:00.000Z',
  });
  events.add(ACCOUNT, 'account.credits_granted', { workspace_id: WS, credits: 100, note: '', reference: 'g', granted_at: '2026-01-01T00:00:00.000Z' });
}

const reserve = (events: StoredEvents, id: string) =>
  events.add(ACCOUNT, 'account.credits_reserved', {
    workspace_id: WS,
    deployment_id: id,
    amount: 30,
    from_allowance: 0,
    from_topup: 30,
    expires_at: '2026-01-01T10:01:00.000Z',
    reserved_at: '2026-01-01T10:00:00.000Z',
  });

const settle = (events: StoredEvents, id: string, reported: number, charged: number) =>
  events.add(ACCOUNT, 'account.credits_settled', {
    workspace_id: WS,
    deployment_id: id,
    reserved: 30,
    reported_charge: reported,
    charged,
    released: 30 - charged,
    overage: Math.max(0, reported - 30),
    to_allowance: 0,
    to_topup: 30 - charged,
    expired: 0,
    settled_at: '2026-01-01T10:00:05.000Z',
  });

const release = (events: StoredEvents, id: string, reason: string) =>
  events.add(ACCOUNT, 'account.credits_released', {
    workspace_id: WS,
    deployment_id: id,
    amount: 30,
    reason,
    to_allowance: 0,
    to_topup: 30,
    expired: 0,
    released_at: '2026-01-01T10:00:06.000Z',
  });

describe('credit ledger (soak check)', () => {
  it('passes a reservation settled once for what the expert reported, capped at the hold', () => {
    const events = new StoredEvents();
    account(events);
    reserve(events, 'dep_a');
    completedLive(events, 'dep_a', 45);
    settle(events, 'dep_a', 45, 30);
    const result = checkCreditLedger(events.rows, foldDeployments(events.rows).deployments);
    expect(result.violations).toEqual([]);
    expect(result.figures).toMatchObject({ 'live deployments settled': 1, 'credits held at the end': 0 });
  });

  it('passes a hold released as an orphan, then taken again by the retried create and released on cancel', () => {
    const events = new StoredEvents();
    account(events);
    reserve(events, 'dep_c');
    release(events, 'dep_c', 'orphaned');
    reserve(events, 'dep_c');
    events.add('deployment-dep_c', 'deployment.created', createdData('dep_c'));
    events.add('deployment-dep_c', 'deployment.cancelled', cancelledData('dep_c'));
    release(events, 'dep_c', 'cancelled');
    expect(checkCreditLedger(events.rows, foldDeployments(events.rows).deployments).violations).toEqual([]);
  });

  it('finds credits made from nothing, a wrong charge, a hold left open for a finished deployment, and an ended deployment never released', () => {
    const events = new StoredEvents();
    account(events);
    reserve(events, 'dep_a');
    completedLive(events, 'dep_a', 20);
    settle(events, 'dep_a', 20, 25);
    reserve(events, 'dep_b');
    completedLive(events, 'dep_b', 10);
    release(events, 'dep_ghost', 'cancelled');
    events.add('deployment-dep_c', 'deployment.created', createdData('dep_c'));
    events.add('deployment-dep_c', 'deployment.cancelled', cancelledData('dep_c'));
    const details = checkCreditLedger(events.rows, foldDeployments(events.rows).deployments).violations.map((v) => `${v.subject}: ${v.detail}`);
    expect(details).toEqual([
      `${ACCOUNT}: granted 100 − expired 0 ≠ remaining 75 + reserved 30 + charged 25`,
      'dep_b: 30 credits still held for a deployment that is completed',
      'dep_ghost: released where a new reservation was due (released)',
      'dep_a: charged 25 for a reported 20 against 30 held (expected 20)',
      'dep_b: completed, its 30 credits never released or settled',
      'dep_c: cancelled, its 30 credits never released or settled',
    ]);
  });
});
