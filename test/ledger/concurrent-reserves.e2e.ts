/**
 * 200 concurrent creates against a workspace with credits for 100.
 * Exactly 100 succeed, the rest get 402, and the ledger balances to the credit: the fold of
 * the account stream, the usage read model and the deployments agree. Each create retries
 * what it is told to retry, under its Idempotency-Key.
 */
import type { ErrorBody, JsonResponse } from '../support/http';
import { LedgerE2e, type Deployment, type Workspace } from './support/ledger-e2e';

const CREATES = 200;
const RESERVATION = 60; // rate 60/h × median 60 min
const AFFORDABLE = 100;
const MAX_ATTEMPTS = 12;

interface AccountSummary {
  credits_remaining: number;
  credits_reserved: number;
  reservations: { deployment_id: string; amount: number }[];
}

describe('200 concurrent creates with credits for 100', () => {
  let e2e: LedgerE2e;
  let workspace: Workspace;

  beforeAll(async () => {
    e2e = await LedgerE2e.shared({ SLA_STANDARD_SECONDS: '600', OFFER_TIMEOUT_SECONDS: '600' });
    await e2e.expert('ledger-burst', 60, 60);
    workspace = await e2e.workspace('burst', { cap: AFFORDABLE * RESERVATION, inFlight: 1000 });
  });

  afterAll(async () => {
    await e2e?.stop();
  });

  /**
   * As a partner's client would: its own Idempotency-Key, and a retry of what the API says to
   * retry (503 `service_unavailable`; a 409 with `Retry-After`, the same key still in progress).
   * Two hundred reserves at once on a loaded two-core machine can outwait the 3 s pool wait;
   * a retry under the same key must then neither create twice nor leave credits held.
   */
  async function createAsAClient(index: number): Promise<JsonResponse<Deployment & ErrorBody>> {
    const headers = { 'Idempotency-Key': `burst-${index}` };
    for (let attempt = 1; ; attempt++) {
      const response = await e2e.create<Deployment & ErrorBody>(workspace.keys.live, 'ledger-burst', { headers });
      const retryable = response.status === 503 || (response.status === 409 && response.headers.has('retry-after'));
      if (!retryable || attempt === MAX_ATTEMPTS) return response;
      retried++;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
  let retried = 0;

  it('creates exactly 100, refuses 100 with 402, and the ledger balances to the credit', async () => {
    const responses = await Promise.all(Array.from({ length: CREATES }, (_, index) => createAsAClient(index)));
    if (retried > 0) console.log(`${retried} answers were retried under their Idempotency-Key`);
    const created = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status === 402);
    expect([created.length, refused.length]).toEqual([AFFORDABLE, CREATES - AFFORDABLE]);
    expect(new Set(refused.map((response) => response.body.error.code))).toEqual(new Set(['credits_exhausted']));
    expect(created.every((response) => response.body.credits_reserved === RESERVATION)).toBe(true);

    // The truth: the fold of the account stream.
    const account = await e2e.services.ops<AccountSummary>('account:show', '--workspace', workspace.id);
    expect([account.credits_remaining, account.credits_reserved]).toEqual([0, AFFORDABLE * RESERVATION]);
    expect(account.reservations.map((reservation) => reservation.deployment_id).sort()).toEqual(created.map((response) => response.body.id).sort());
    // Held once per created deployment; an attempt that failed after its reserve released it (its
    // retry reserves again, for the same deployment id derived from the key).
    const held = new Map<string, number>();
    for (const event of await e2e.events(`account-${workspace.id}`)) {
      const change = event.type === 'account.credits_reserved' ? 1 : event.type === 'account.credits_released' ? -1 : 0;
      if (change !== 0) held.set(event.data.deployment_id as string, (held.get(event.data.deployment_id as string) ?? 0) + change);
    }
    expect([...held.values()].every((count) => count === 0 || count === 1)).toBe(true);
    expect(
      [...held]
        .filter(([, count]) => count === 1)
        .map(([id]) => id)
        .sort(),
    ).toEqual(created.map((response) => response.body.id).sort());

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
