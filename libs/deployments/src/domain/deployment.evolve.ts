/**
 * evolve: apply one event to the state (Emmett's decider pattern).
 * It never throws and handles every event type. An event that does not fit the state
 * (impossible for a stream written through `decide`, since every append checks the expected
 * revision) leaves the state unchanged, so a read never fails on history.
 * The moves mirror the deployment's state transitions; the decisions for the open cells
 * (reply returns to in_progress, who may cancel from where) live in deployment.decider.ts.
 */
import type { DeploymentEvent } from '@eh/contracts';
import { evolveRouting } from './deployment.routing.evolve';
import { initialDeploymentState, isTerminal, type CancelledDeployment, type DeploymentState, type ExpiredDeployment } from './deployment.state';

/** Re-exported so a decider can be assembled from this file alone (Emmett's `initialState`). */
export { initialDeploymentState };

export function evolve(state: DeploymentState, event: DeploymentEvent): DeploymentState {
  switch (event.type) {
    case 'deployment.created': {
      if (state.status !== 'initial') return state;
      const { created_at, scheduled_for } = event.data;
      return {
        status: 'pending',
        details: event.data,
        updated_at: created_at,
        // A scheduled deployment routes from scheduled_for on (docs/decisions.md).
        routing_started_at: scheduled_for === null ? created_at : null,
        offer: null,
        offers_made: 0,
        passed_over: [],
      };
    }
    case 'deployment.routing_started':
    case 'deployment.offered':
    case 'deployment.offer_declined':
    case 'deployment.offer_expired':
      return evolveRouting(state, event);
    case 'deployment.accepted': {
      if (state.status !== 'pending') return state;
      const { expert, accepted_at } = event.data;
      // Built afresh: routing fields (offers, passed over) end with the acceptance.
      return { status: 'accepted', details: state.details, expert, accepted_at, updated_at: accepted_at };
    }
    case 'deployment.in_progress': {
      // Fired once per deployment: only from accepted, never after a reply.
      if (state.status !== 'accepted') return state;
      const { started_at } = event.data;
      return { ...state, status: 'in_progress', started_at, clarification: null, updated_at: started_at };
    }
    case 'deployment.needs_input': {
      // One question per deployment: a second needs_input does not fit an answered exchange.
      if (state.status !== 'in_progress' || state.clarification !== null) return state;
      const { question, asked_at, reply_deadline } = event.data;
      return {
        ...state,
        status: 'needs_input',
        clarification: { question: { body: question, asked_at, reply_deadline }, reply: null },
        updated_at: asked_at,
      };
    }
    case 'deployment.reply_received': {
      if (state.status !== 'needs_input') return state;
      const { body, context_files, replied_at } = event.data;
      return {
        ...state,
        status: 'in_progress',
        clarification: { question: state.clarification.question, reply: { body, context_files, replied_at } },
        updated_at: replied_at,
      };
    }
    case 'deployment.completed': {
      if (state.status !== 'in_progress') return state;
      const { output, credits_charged, duration_seconds, completed_at } = event.data;
      return {
        ...state,
        status: 'completed',
        output,
        credits_charged,
        duration_seconds,
        completed_at,
        updated_at: completed_at,
      };
    }
    case 'deployment.cancelled':
      return cancelled(state, event.data);
    case 'deployment.expired':
      return expired(state, event.data);
    case 'deployment.feedback_given': {
      // A rating changes no status, nor updated_at: the deployment object is the work, not its review.
      if (state.status !== 'completed' || state.feedback) return state;
      const { rating, comment, given_at } = event.data;
      return { ...state, feedback: { rating, comment, given_at } };
    }
    default: {
      const unexpected: never = event;
      // Unknown event types (a newer writer) are ignored rather than thrown: evolve is total.
      void unexpected;
      return state;
    }
  }
}

type CancelledData = Extract<DeploymentEvent, { type: 'deployment.cancelled' }>['data'];
type ExpiredData = Extract<DeploymentEvent, { type: 'deployment.expired' }>['data'];

function cancelled(state: DeploymentState, data: CancelledData): DeploymentState {
  if (state.status === 'initial' || isTerminal(state)) return state;
  const next: CancelledDeployment = {
    status: 'cancelled',
    details: state.details,
    ...workSoFar(state),
    cancelled_by: data.cancelled_by,
    reason: data.reason,
    partial_output: data.partial_output,
    cancelled_at: data.cancelled_at,
    updated_at: data.cancelled_at,
  };
  return next;
}

/** Expiry happens from pending (SLA elapsed) or needs_input (no reply in time) only. */
function expired(state: DeploymentState, data: ExpiredData): DeploymentState {
  if (state.status !== 'pending' && state.status !== 'needs_input') return state;
  const next: ExpiredDeployment = {
    status: 'expired',
    details: state.details,
    ...workSoFar(state),
    reason: data.reason,
    expired_at: data.expired_at,
    updated_at: data.expired_at,
  };
  return next;
}

type Active = Extract<DeploymentState, { status: 'pending' | 'accepted' | 'in_progress' | 'needs_input' }>;

type WorkSoFar = Pick<CancelledDeployment, 'expert' | 'accepted_at' | 'started_at' | 'clarification'>;

/** What a cancellation or expiry keeps of the work done so far (shown on the resource). */
function workSoFar(state: Active): WorkSoFar {
  switch (state.status) {
    case 'pending':
      return { expert: null, accepted_at: null, started_at: null, clarification: null };
    case 'accepted':
      return { expert: state.expert, accepted_at: state.accepted_at, started_at: null, clarification: null };
    case 'in_progress':
    case 'needs_input':
      return {
        expert: state.expert,
        accepted_at: state.accepted_at,
        started_at: state.started_at,
        clarification: state.clarification,
      };
  }
}

/** A deployment's state is `fold(evolve, initial, events)`; nothing else is the truth. */
export const foldDeployment = (events: readonly DeploymentEvent[]): DeploymentState => events.reduce(evolve, initialDeploymentState);
