import { request } from '../http';
import type { RunningServices } from '../service-harness';
import type { FuzzWorld } from './render';
import { FUZZ_ADMIN_KEY } from './world';

export interface CreditCheck {
  cancelled: number;
  cancelFailures: string[];
  reserved: number | null;
  inFlight: number | null;
  /** Holds with no release or settlement, from the account stream, with the request that made them. */
  openHolds: { deployment_id: string; amount: number; deployment_exists: boolean; metadata: unknown }[];
}

const ACTIVE = ['pending', 'accepted', 'in_progress', 'needs_input'];

/**
 * Cancels (as operations) every live deployment the run left active, then reads usage until the
 * holds are released: afterwards nothing may be reserved or in flight. Holds still open are
 * listed from the account stream, with the request that made them.
 */
export async function releaseAndMeasureCredits(services: RunningServices, world: FuzzWorld): Promise<CreditCheck> {
  const base = services.baseUrl;
  const admin = { authorization: `Bearer ${FUZZ_ADMIN_KEY}` };
  const check: CreditCheck = { cancelled: 0, cancelFailures: [], reserved: null, inFlight: null, openHolds: [] };
  for (let round = 0; round < 3; round++) {
    const active: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `${ACTIVE.map((status) => `status=${status}`).join('&')}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await request<{ data: { id: string }[]; next: string | null; has_more: boolean }>(base, 'GET', `/v1/deployments?${query}`, {
        key: world.credentials.live,
      });
      if (page.status !== 200) throw new Error(`listing live deployments answered ${page.status} ${JSON.stringify(page.body)}`);
      active.push(...page.body.data.map((deployment) => deployment.id));
      cursor = page.body.has_more ? page.body.next : null;
    } while (cursor);
    if (active.length === 0) break;
    for (const id of active) {
      const response = await request(base, 'POST', `/admin/v1/deployments/${id}/cancel`, { headers: admin, body: { reason: 'fuzz run cleanup' } });
      if (response.status === 200) check.cancelled++;
      else if (response.status !== 409) check.cancelFailures.push(`${id}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
    }
  }
  const deadline = Date.now() + 20_000;
  for (;;) {
    const usage = await request<{ credits_reserved: number; in_flight: number }>(base, 'GET', '/v1/usage', { key: world.credentials.live });
    check.reserved = usage.body.credits_reserved;
    check.inFlight = usage.body.in_flight;
    if ((check.reserved === 0 && check.inFlight === 0) || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (check.reserved !== 0 || check.inFlight !== 0) {
    const workspaceId = world.pools.workspace[0];
    const { rows } = await services.database.pool.query<{ deployment_id: string; amount: number; metadata: unknown; deployment_exists: boolean }>(
      `SELECT r.data->>'deployment_id' AS deployment_id, (r.data->>'amount')::int AS amount, r.metadata,
              EXISTS (SELECT 1 FROM events d WHERE d.stream_name = 'deployment-' || (r.data->>'deployment_id')) AS deployment_exists
         FROM events r
        WHERE r.stream_name = $1 AND r.event_type = 'account.credits_reserved'
          AND NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_name = $1 AND e.event_type IN ('account.credits_released', 'account.credits_settled')
                          AND e.data->>'deployment_id' = r.data->>'deployment_id')
        LIMIT 50`,
      [`account-${workspaceId}`],
    );
    check.openHolds = rows;
  }
  return check;
}
