import { ACCOUNT_EVENT_TYPES, type AccountEvent, unhandled } from '@eh/contracts';
import { eventProjection, WITH_ITS_EVENTS, type ProjectionWrite } from '@eh/event-store';

/** Credits moved by a release or settlement, back into the row's buckets. */
const RETURN_SQL = `UPDATE accounts_view SET allowance = allowance + $2, topup = topup + $3, reserved = reserved - $4,
  in_flight = in_flight - 1, charged_this_cycle = charged_this_cycle + $5, updated_at = $6 WHERE workspace_id = $1 ${WITH_ITS_EVENTS}`;

/** Every account event's rows follow from the event alone: none reads before it writes. */
function writesOf(event: AccountEvent): ProjectionWrite[] | null {
  const ws = event.data.workspace_id;
  switch (event.type) {
    case 'account.opened': {
      const { plan, cycle_start, cycle_end, allowance_granted, opened_at } = event.data;
      return [
        {
          text: `INSERT INTO accounts_view (workspace_id, plan, cycle_start, cycle_end, allowance, topup, updated_at)
                 SELECT $1, $2::jsonb, $3::timestamptz, $4::timestamptz, $5::bigint, 0, $6::timestamptz FROM appended ON CONFLICT (workspace_id) DO NOTHING`,
          values: [ws, JSON.stringify(plan), cycle_start, cycle_end, allowance_granted, opened_at],
        },
      ];
    }
    case 'account.plan_changed':
      return [
        {
          text: `UPDATE accounts_view SET plan = $2, allowance = allowance + $3, updated_at = $4 WHERE workspace_id = $1 ${WITH_ITS_EVENTS}`,
          values: [ws, JSON.stringify(event.data.plan), event.data.allowance_adjustment, event.data.changed_at],
        },
      ];
    case 'account.credits_granted':
      return [
        {
          text: `UPDATE accounts_view SET topup = topup + $2, updated_at = $3 WHERE workspace_id = $1 ${WITH_ITS_EVENTS}`,
          values: [ws, event.data.credits, event.data.granted_at],
        },
      ];
    case 'account.credits_reserved': {
      const { from_allowance, from_topup, amount, reserved_at } = event.data;
      return [
        {
          text: `UPDATE accounts_view SET allowance = allowance - $2, topup = topup - $3, reserved = reserved + $4, in_flight = in_flight + 1, updated_at = $5
                 WHERE workspace_id = $1 ${WITH_ITS_EVENTS}`,
          values: [ws, from_allowance, from_topup, amount, reserved_at],
        },
      ];
    }
    case 'account.reservation_confirmed':
      return [
        {
          text: `UPDATE accounts_view SET deployments_this_cycle = deployments_this_cycle + 1, updated_at = $2 WHERE workspace_id = $1 ${WITH_ITS_EVENTS}`,
          values: [ws, event.data.confirmed_at],
        },
      ];
    case 'account.credits_released':
      return [{ text: RETURN_SQL, values: [ws, event.data.to_allowance, event.data.to_topup, event.data.amount, 0, event.data.released_at] }];
    case 'account.credits_settled': {
      const { to_allowance, to_topup, reserved, charged, deployment_id, settled_at } = event.data;
      return [
        { text: RETURN_SQL, values: [ws, to_allowance, to_topup, reserved, charged, settled_at] },
        {
          text: `INSERT INTO account_charges_view (deployment_id, workspace_id, charged, settled_at)
                 SELECT $1, $2, $3::bigint, $4::timestamptz FROM appended ON CONFLICT (deployment_id) DO NOTHING`,
          values: [deployment_id, ws, charged, settled_at],
        },
      ];
    }
    case 'account.cycle_started': {
      const { cycle_start, cycle_end, allowance_expired, allowance_granted, started_at } = event.data;
      return [
        {
          text: `UPDATE accounts_view SET cycle_start = $2, cycle_end = $3, allowance = allowance - $4 + $5,
                   charged_this_cycle = 0, deployments_this_cycle = 0, updated_at = $6 WHERE workspace_id = $1 ${WITH_ITS_EVENTS}`,
          values: [ws, cycle_start, cycle_end, allowance_expired, allowance_granted, started_at],
        },
      ];
    }
    case 'usage.threshold_reached':
      return [];
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
  writesOf,
});
