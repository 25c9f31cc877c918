import { DomainError, type AccountEvent, type DeploymentCreated } from '@eh/contracts';
import { eventProjection, WITH_ITS_EVENTS, type ProjectionWrite } from '@eh/event-store';

type Handled = AccountEvent | DeploymentCreated;

/** The constraint that keeps the fence (ledger-view.migrations.ts). */
const FENCE_CONSTRAINT = 'account_reservations_fence';

/**
 * What an event writes, gated on `appended` (ProjectionWrite), each in its append's own statement.
 *
 * `deployment.created` and an orphan release of its reservation can race: the gateway may
 * append the deployment just as the sweeper gives its credits back. Each writes this row in its
 * append's statement, the one marking it created, the other orphaned, and the row may never be
 * both (FENCE_CONSTRAINT): the row lock orders them, the second write meets the first's row and
 * fails, and its append with it. So a deployment never exists without its credits held
 * (docs/decisions.md). No row: nothing was reserved (history appended without the ledger).
 */
function writesOf(event: Handled): ProjectionWrite[] | null {
  switch (event.type) {
    case 'deployment.created':
      if (event.data.mode !== 'live') return [];
      return [
        {
          text: `UPDATE account_reservations_view SET deployment_created = true WHERE deployment_id = $1 ${WITH_ITS_EVENTS}`,
          values: [event.data.deployment_id],
        },
      ];
    case 'account.credits_reserved': {
      const { deployment_id, workspace_id, amount, expires_at, reserved_at } = event.data;
      // A retry after an orphan release reserves the same deployment id again.
      return [
        {
          text: `INSERT INTO account_reservations_view (deployment_id, workspace_id, amount, status, expires_at, reserved_at)
                 SELECT $1, $2, $3::bigint, 'held', $4::timestamptz, $5::timestamptz FROM appended
                 ON CONFLICT (deployment_id) DO UPDATE SET amount = EXCLUDED.amount, status = 'held', confirmed = false, deployment_created = false,
                   expires_at = EXCLUDED.expires_at, reserved_at = EXCLUDED.reserved_at`,
          values: [deployment_id, workspace_id, amount, expires_at, reserved_at],
        },
      ];
    }
    case 'account.reservation_confirmed':
      return [
        { text: `UPDATE account_reservations_view SET confirmed = true WHERE deployment_id = $1 ${WITH_ITS_EVENTS}`, values: [event.data.deployment_id] },
      ];
    case 'account.credits_released':
      if (event.data.reason === 'orphaned')
        return [
          { text: `UPDATE account_reservations_view SET status = 'orphaned' WHERE deployment_id = $1 ${WITH_ITS_EVENTS}`, values: [event.data.deployment_id] },
        ];
      return [{ text: `DELETE FROM account_reservations_view WHERE deployment_id = $1 ${WITH_ITS_EVENTS}`, values: [event.data.deployment_id] }];
    case 'account.credits_settled':
      return [{ text: `DELETE FROM account_reservations_view WHERE deployment_id = $1 ${WITH_ITS_EVENTS}`, values: [event.data.deployment_id] }];
    default:
      return [];
  }
}

/** An append that met the fence, refused as the side that came second. */
function refusalOf(error: unknown, events: readonly { type: string; data: unknown }[]): Error | undefined {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code !== '23514' || constraint !== FENCE_CONSTRAINT) return undefined;
  const released = events.find((event) => event.type === 'account.credits_released');
  if (released) {
    const deploymentId = (released.data as { deployment_id: string }).deployment_id;
    return new DomainError('concurrent_modification', `deployment ${deploymentId} was created meanwhile; its reservation is not an orphan`);
  }
  return new DomainError('service_unavailable', 'the credits held for this deployment were released before it could be created; retry the request');
}

/**
 * Open reservations (what the orphan sweeper scans) and orphaned ones (kept as the fence
 * above). Inline, so the sweeper sees a reservation as soon as the reserve returns.
 */
export const reservationsViewProjection = eventProjection<Handled>({
  name: 'account_reservations_view',
  handles: ['deployment.created', 'account.credits_reserved', 'account.reservation_confirmed', 'account.credits_released', 'account.credits_settled'],
  tables: ['account_reservations_view'],
  // A test-mode deployment holds no credits: its creation has nothing to mark.
  ignores: (events) => events.every((event) => event.type === 'deployment.created' && (event.data as DeploymentCreated['data']).mode === 'test'),
  writesOf,
  refusalOf,
});
