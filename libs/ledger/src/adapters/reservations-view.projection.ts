import { DomainError, type AccountEvent, type DeploymentCreated } from '@eh/contracts';
import { eventProjection } from '@eh/event-store';
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

async function apply(event: Handled, tx: SqlClient): Promise<void> {
  switch (event.type) {
    case 'deployment.created':
      if (event.data.mode === 'live') await markDeploymentCreated(tx, event.data.deployment_id);
      return;
    case 'account.credits_reserved': {
      const { deployment_id, workspace_id, amount, expires_at, reserved_at } = event.data;
      // A retry after an orphan release reserves the same deployment id again.
      await tx.query(
        `INSERT INTO account_reservations_view (deployment_id, workspace_id, amount, status, expires_at, reserved_at)
         VALUES ($1, $2, $3, 'held', $4, $5)
         ON CONFLICT (deployment_id) DO UPDATE SET amount = $3, status = 'held', confirmed = false, deployment_created = false, expires_at = $4, reserved_at = $5`,
        [deployment_id, workspace_id, amount, expires_at, reserved_at],
      );
      return;
    }
    case 'account.reservation_confirmed':
      await tx.query('UPDATE account_reservations_view SET confirmed = true WHERE deployment_id = $1', [event.data.deployment_id]);
      return;
    case 'account.credits_released':
      if (event.data.reason === 'orphaned') await markOrphaned(tx, event.data.deployment_id);
      else await tx.query('DELETE FROM account_reservations_view WHERE deployment_id = $1', [event.data.deployment_id]);
      return;
    case 'account.credits_settled':
      await tx.query('DELETE FROM account_reservations_view WHERE deployment_id = $1', [event.data.deployment_id]);
      return;
    default:
      return;
  }
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
  apply,
});
