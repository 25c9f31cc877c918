import { ACCOUNT_EVENT_TYPES, type AccountEvent, unhandled } from '@eh/contracts';
import { eventProjection } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';

/** Credits moved by a release or settlement, back into the row's buckets. */
const RETURN_SQL = `UPDATE accounts_view SET allowance = allowance + $2, topup = topup + $3, reserved = reserved - $4,
  in_flight = in_flight - 1, charged_this_cycle = charged_this_cycle + $5, updated_at = $6 WHERE workspace_id = $1`;

async function apply(event: AccountEvent, tx: SqlClient): Promise<void> {
  const ws = event.data.workspace_id;
  switch (event.type) {
    case 'account.opened': {
      const { plan, cycle_start, cycle_end, allowance_granted, opened_at } = event.data;
      await tx.query(
        `INSERT INTO accounts_view (workspace_id, plan, cycle_start, cycle_end, allowance, topup, updated_at)
         VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (workspace_id) DO NOTHING`,
        [ws, JSON.stringify(plan), cycle_start, cycle_end, allowance_granted, opened_at],
      );
      return;
    }
    case 'account.plan_changed':
      await tx.query('UPDATE accounts_view SET plan = $2, allowance = allowance + $3, updated_at = $4 WHERE workspace_id = $1', [
        ws,
        JSON.stringify(event.data.plan),
        event.data.allowance_adjustment,
        event.data.changed_at,
      ]);
      return;
    case 'account.credits_granted':
      await tx.query('UPDATE accounts_view SET topup = topup + $2, updated_at = $3 WHERE workspace_id = $1', [ws, event.data.credits, event.data.granted_at]);
      return;
    case 'account.credits_reserved': {
      const { from_allowance, from_topup, amount, reserved_at } = event.data;
      await tx.query(
        `UPDATE accounts_view SET allowance = allowance - $2, topup = topup - $3, reserved = reserved + $4, in_flight = in_flight + 1, updated_at = $5
         WHERE workspace_id = $1`,
        [ws, from_allowance, from_topup, amount, reserved_at],
      );
      return;
    }
    case 'account.reservation_confirmed':
      await tx.query('UPDATE accounts_view SET deployments_this_cycle = deployments_this_cycle + 1, updated_at = $2 WHERE workspace_id = $1', [
        ws,
        event.data.confirmed_at,
      ]);
      return;
    case 'account.credits_released':
      await tx.query(RETURN_SQL, [ws, event.data.to_allowance, event.data.to_topup, event.data.amount, 0, event.data.released_at]);
      return;
    case 'account.credits_settled': {
      const { to_allowance, to_topup, reserved, charged, deployment_id, settled_at } = event.data;
      await tx.query(RETURN_SQL, [ws, to_allowance, to_topup, reserved, charged, settled_at]);
      await tx.query(
        'INSERT INTO account_charges_view (deployment_id, workspace_id, charged, settled_at) VALUES ($1, $2, $3, $4) ON CONFLICT (deployment_id) DO NOTHING',
        [deployment_id, ws, charged, settled_at],
      );
      return;
    }
    case 'account.cycle_started': {
      const { cycle_start, cycle_end, allowance_expired, allowance_granted, started_at } = event.data;
      await tx.query(
        `UPDATE accounts_view SET cycle_start = $2, cycle_end = $3, allowance = allowance - $4 + $5,
           charged_this_cycle = 0, deployments_this_cycle = 0, updated_at = $6 WHERE workspace_id = $1`,
        [ws, cycle_start, cycle_end, allowance_expired, allowance_granted, started_at],
      );
      return;
    }
    case 'usage.threshold_reached':
      return;
    default:
      return unhandled('account event', event);
  }
}

/**
 * Inline: the usage an agent reads is the ledger's state as of the
 * last committed account event, never behind it. Events carry the bucket movements the
 * decider computed, so this only adds and subtracts.
 */
export const accountsViewProjection = eventProjection<AccountEvent>({
  name: 'accounts_view',
  // A threshold changes no figure of the view.
  handles: ACCOUNT_EVENT_TYPES.filter((type) => type !== 'usage.threshold_reached'),
  tables: ['accounts_view', 'account_charges_view'],
  apply,
});
