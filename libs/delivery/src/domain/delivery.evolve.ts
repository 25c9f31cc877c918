/**
 * evolve never throws and handles every event: one that does not fit the state (impossible for
 * a stream written through `decide`, every append checking the expected revision) leaves the
 * state unchanged, so reading history never fails.
 */
import type { DeliveryEvent } from '@eh/contracts';
import { initialDeliveryState, isPending, type DeliveryState, type PendingDelivery } from './delivery.state';

export { initialDeliveryState };

/** What a finished delivery keeps into a new round: everything but the fields of its outcome. */
function finishedKnown(state: DeliveryState): Omit<PendingDelivery, 'status' | 'next_attempt' | 'next_attempt_at'> | null {
  switch (state.status) {
    case 'succeeded': {
      const { status: _s, succeeded_at: _at, ...known } = state;
      return known;
    }
    case 'failed': {
      const { status: _s, status_code: _c, failed_at: _at, ...known } = state;
      return known;
    }
    case 'dead_lettered': {
      const { status: _s, last_error: _e, dead_lettered_at: _d, ...known } = state;
      return known;
    }
    default:
      return null;
  }
}

export function evolveDelivery(state: DeliveryState, event: DeliveryEvent): DeliveryState {
  switch (event.type) {
    case 'delivery.scheduled': {
      if (state.status !== 'initial') return state;
      const at = event.data.scheduled_at;
      return {
        status: 'scheduled',
        details: event.data,
        attempts: 0,
        round_failures: 0,
        last_attempt: null,
        next_attempt: 1,
        next_attempt_at: at,
        updated_at: at,
      };
    }
    case 'delivery.attempted': {
      if (!isPending(state) || event.data.attempt !== state.next_attempt) return state;
      const { delivery_id: _id, ...attempt } = event.data;
      return { ...state, attempts: attempt.attempt, last_attempt: attempt, updated_at: attempt.attempted_at };
    }
    case 'delivery.succeeded': {
      if (!isPending(state)) return state;
      const { next_attempt: _n, next_attempt_at: _at, ...known } = state;
      return { ...known, status: 'succeeded', succeeded_at: event.data.succeeded_at, updated_at: event.data.succeeded_at };
    }
    case 'delivery.failed_permanently': {
      if (!isPending(state)) return state;
      const { next_attempt: _n, next_attempt_at: _at, ...known } = state;
      const { status_code, failed_at } = event.data;
      return { ...known, status: 'failed', status_code, failed_at, updated_at: failed_at };
    }
    case 'delivery.retry_scheduled': {
      if (!isPending(state)) return state;
      const { next_attempt, next_attempt_at } = event.data;
      return { ...state, status: 'retrying', round_failures: state.round_failures + 1, next_attempt, next_attempt_at };
    }
    case 'delivery.dead_lettered': {
      if (!isPending(state)) return state;
      const { next_attempt: _n, next_attempt_at: _at, ...known } = state;
      const { last_error, dead_lettered_at } = event.data;
      return { ...known, status: 'dead_lettered', round_failures: state.round_failures + 1, last_error, dead_lettered_at, updated_at: dead_lettered_at };
    }
    case 'delivery.replay_requested': {
      const known = finishedKnown(state);
      if (!known) return state;
      const at = event.data.requested_at;
      return { ...known, status: 'scheduled', round_failures: 0, next_attempt: event.data.next_attempt, next_attempt_at: at, updated_at: at };
    }
    case 'delivery.retry_brought_forward': {
      if (!isPending(state) || event.data.attempt !== state.next_attempt) return state;
      return { ...state, next_attempt_at: event.data.requested_at, updated_at: event.data.requested_at };
    }
    default: {
      // A type this code does not know (a newer writer) changes nothing.
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

export const foldDelivery = (events: readonly DeliveryEvent[]): DeliveryState => events.reduce(evolveDelivery, initialDeliveryState);
