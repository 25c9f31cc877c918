import type { AccountEvent, CreditReturn } from '@eh/contracts';
import { initialAccountState, type AccountState, type OpenAccount, type Reservation } from './account.state';

function without(reservations: Readonly<Record<string, Reservation>>, deploymentId: string): Record<string, Reservation> {
  const rest = { ...reservations };
  delete rest[deploymentId];
  return rest;
}

function returned(account: OpenAccount, deploymentId: string, credits: CreditReturn): OpenAccount {
  return {
    ...account,
    allowance: account.allowance + credits.to_allowance,
    topup: account.topup + credits.to_topup,
    reservations: without(account.reservations, deploymentId),
  };
}

function evolveOpen(account: OpenAccount, event: AccountEvent): OpenAccount {
  switch (event.type) {
    case 'account.opened':
      return account;
    case 'account.plan_changed':
      return { ...account, plan: event.data.plan, allowance: account.allowance + event.data.allowance_adjustment };
    case 'account.credits_granted': {
      const { reference } = event.data;
      return {
        ...account,
        topup: account.topup + event.data.credits,
        grantReferences: reference === null ? account.grantReferences : [...account.grantReferences, reference],
      };
    }
    case 'account.credits_reserved': {
      const { deployment_id, amount, from_allowance, from_topup, expires_at } = event.data;
      const reservation: Reservation = {
        deploymentId: deployment_id,
        amount,
        fromAllowance: from_allowance,
        fromTopup: from_topup,
        cycleStart: account.cycleStart,
        expiresAt: expires_at,
        confirmed: false,
      };
      return {
        ...account,
        allowance: account.allowance - from_allowance,
        topup: account.topup - from_topup,
        reservations: { ...account.reservations, [deployment_id]: reservation },
      };
    }
    case 'account.reservation_confirmed': {
      const reservation = account.reservations[event.data.deployment_id];
      if (!reservation) return account;
      return {
        ...account,
        reservations: { ...account.reservations, [reservation.deploymentId]: { ...reservation, confirmed: true } },
        deploymentsThisCycle: account.deploymentsThisCycle + 1,
      };
    }
    case 'account.credits_released':
      return returned(account, event.data.deployment_id, event.data);
    case 'account.credits_settled':
      return { ...returned(account, event.data.deployment_id, event.data), chargedThisCycle: account.chargedThisCycle + event.data.charged };
    case 'account.cycle_started':
      return {
        ...account,
        cycleStart: event.data.cycle_start,
        cycleEnd: event.data.cycle_end,
        allowance: account.allowance - event.data.allowance_expired + event.data.allowance_granted,
        chargedThisCycle: 0,
        deploymentsThisCycle: 0,
        thresholdsReached: [],
      };
    case 'usage.threshold_reached':
      return { ...account, thresholdsReached: [...account.thresholdsReached, event.data.threshold] };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** Never throws; an event that cannot apply to the state leaves it unchanged. */
export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  if (state.status === 'open') return evolveOpen(state, event);
  if (event.type !== 'account.opened') return state;
  return {
    status: 'open',
    workspaceId: event.data.workspace_id,
    plan: event.data.plan,
    cycleStart: event.data.cycle_start,
    cycleEnd: event.data.cycle_end,
    allowance: event.data.allowance_granted,
    topup: 0,
    reservations: {},
    chargedThisCycle: 0,
    deploymentsThisCycle: 0,
    thresholdsReached: [],
    grantReferences: [],
  };
}

export const foldAccount = (events: readonly AccountEvent[], from: AccountState = initialAccountState): AccountState => events.reduce(evolveAccount, from);
