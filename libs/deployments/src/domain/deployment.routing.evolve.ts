/**
 * evolve for the routing events. Like evolve, total and never throwing: an event that
 * does not fit the state leaves it unchanged. Routing events are internal, so they leave
 * `updated_at` (the public object's) alone: an agent sees no change while experts are offered.
 */
import type { DeploymentRoutingEvent } from '@eh/contracts';
import type { DeploymentState } from './deployment.state';

export function evolveRouting(state: DeploymentState, event: DeploymentRoutingEvent): DeploymentState {
  if (state.status !== 'pending') return state;
  switch (event.type) {
    case 'deployment.routing_started':
      return state.routing_started_at === null ? { ...state, routing_started_at: event.data.started_at } : state;
    case 'deployment.offered': {
      const { offer_number, expert, offered_at, offer_expires_at } = event.data;
      if (state.offer !== null || state.routing_started_at === null) return state;
      return {
        ...state,
        offer: { offer_number, expert, offered_at, expires_at: offer_expires_at },
        offers_made: Math.max(state.offers_made, offer_number),
      };
    }
    case 'deployment.offer_declined':
    case 'deployment.offer_expired': {
      const { offer_number, expert_id } = event.data;
      if (state.offer === null || state.offer.offer_number !== offer_number) return state;
      return { ...state, offer: null, passed_over: [...state.passed_over, expert_id] };
    }
    default: {
      const unexpected: never = event;
      void unexpected;
      return state;
    }
  }
}
