import { DomainError, type AccountEvent, type DeploymentCreated } from '@eh/contracts';
import { eventProjection, type ProjectionWrite } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';

type Handled = AccountEvent | DeploymentCreated;

/**
 * `deployment.created` and an orphan release of its reservation can race: the gateway may
 * append the deployment just as the sweeper gives its credits back. Both go through this
 * row inside their own append transaction; the row lock orders them and the second one
 * fails, so a deployment never exists without its credits held (docs/decisions.md).
 */
async function markDeploymentCreated(tx: SqlClient, deploymentId: string): Promise<void> {
  const marked = await tx.query("UPDATE account_reservations_view SET deployment_created = true WHERE deployment_id = $1 AND status = 'held'", [deploymentId]);
  if (marked.rowCount) return;
  const { rows } = await tx.query<{ status: string }>('SELECT status FROM account_reservations_view WHERE deployment_id = $1', [deploymentId]);
  // No row: nothing was reserved (test mode, or history appended without the ledger).
  if (rows[0]?.status === 'orphaned') {
    throw new DomainError('service_unavailable', 'the credits held for this deployment were released before it could be created; retry the request');
  }
}

async function markOrphaned(tx: SqlClient, deploymentId: string): Promise<void> {
  const marked = await tx.query(
    "UPDATE account_reservations_view SET status = 'orphaned' WHERE deployment_id = $1 AND status = 'held' AND NOT deployment_created",
    [deploymentId],
  );
  if (marked.rowCount) return;
  const { rows } = await tx.query<{ deployment_created: boolean }>('SELECT deployment_created FROM account_reservations_view WHERE deployment_id = $1', [
    deploymentId,
  ]);
  if (rows[0]?.deployment_created)
    throw new DomainError('concurrent_modification', `deployment ${deploymentId} was created meanwhile; its reservation is not an orphan`);
}

const GATED = 'AND EXISTS (SELECT 1 FROM appended)';

/**
 * What an event writes without reading first, gated on `appended` (ProjectionWrite): everything
 * but the two sides of the fence above, which read the row to refuse the append (null).
 */
function writesOf(event: Handled): ProjectionWrite[] | null {
  switch (event.type) {
    case 'deployment.created':
      return event.data.mode === 'live' ? null : [];
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
      return [{ text: `UPDATE account_reservations_view SET confirmed = true WHERE deployment_id = $1 ${GATED}`, values: [event.data.deployment_id] }];
    case 'account.credits_released':
      if (event.data.reason === 'orphaned') return null;
      return [{ text: `DELETE FROM account_reservations_view WHERE deployment_id = $1 ${GATED}`, values: [event.data.deployment_id] }];
    case 'account.credits_settled':
      return [{ text: `DELETE FROM account_reservations_view WHERE deployment_id = $1 ${GATED}`, values: [event.data.deployment_id] }];
    default:
      return [];
  }
}

/** The fence's two sides, in the append's transaction. */
async function apply(event: Handled, tx: SqlClient): Promise<void> {
  if (event.type === 'deployment.created') await markDeploymentCreated(tx, event.data.deployment_id);
  else if (event.type === 'account.credits_released') await markOrphaned(tx, event.data.deployment_id);
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
  apply,
});
