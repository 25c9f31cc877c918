/**
 * A request to raise the in-flight limit, raised through the dashboard: an
 * owner asks with a reason, operations answer. One stream per request; pure.
 */
import { DomainError, type Actor, type LimitIncreaseRequested, type LimitRequestEvent, type LimitRequestOutcome, type Decider, unhandled } from '@eh/contracts';

/** Far above any plan we sell; a typo of an extra zero or two is still refused. */
export const MAX_REQUESTED_IN_FLIGHT_LIMIT = 10_000;

/** The request as its creation event carries it, with `requested_at` kept as `created_at`. */
export type LimitRequestDetails = Omit<LimitIncreaseRequested['data'], 'requested_at'> & { created_at: string };

export type LimitRequestState =
  | { status: 'none' }
  | (LimitRequestDetails & { status: 'open' })
  | (LimitRequestDetails & { status: LimitRequestOutcome; resolved_at: string; resolution_note: string });

export type LimitRequestCommand =
  | {
      type: 'request';
      request_id: string;
      workspace_id: string;
      current_in_flight_limit: number;
      requested_in_flight_limit: number;
      reason: string;
      actor: Actor;
      now: string;
    }
  | { type: 'resolve'; outcome: LimitRequestOutcome; note: string; actor: Actor; now: string };

export const initialLimitRequestState: LimitRequestState = Object.freeze({ status: 'none' });

export function evolveLimitRequest(state: LimitRequestState, event: LimitRequestEvent): LimitRequestState {
  switch (event.type) {
    case 'limit_request.created': {
      if (state.status !== 'none') return state;
      const { requested_at, ...details } = event.data;
      return { status: 'open', ...details, created_at: requested_at };
    }
    case 'limit_request.resolved': {
      if (state.status !== 'open') return state;
      return { ...state, status: event.data.outcome, resolved_at: event.data.resolved_at, resolution_note: event.data.note };
    }
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

export function decideLimitRequest(command: LimitRequestCommand, state: LimitRequestState): LimitRequestEvent[] {
  switch (command.type) {
    case 'request': {
      if (state.status !== 'none') throw new DomainError('invalid_state_transition', `limit request ${command.request_id} already exists`);
      const wanted = command.requested_in_flight_limit;
      if (!Number.isInteger(wanted) || wanted <= command.current_in_flight_limit || wanted > MAX_REQUESTED_IN_FLIGHT_LIMIT) {
        throw new DomainError(
          'invalid_request',
          `in_flight_limit must be an integer above the current ${command.current_in_flight_limit} and at most ${MAX_REQUESTED_IN_FLIGHT_LIMIT}`,
          'in_flight_limit',
        );
      }
      const reason = command.reason.trim();
      if (reason.length === 0 || reason.length > 1000) throw new DomainError('invalid_request', 'reason must be 1 to 1000 characters', 'reason');
      const { request_id, workspace_id, current_in_flight_limit, actor, now } = command;
      return [
        {
          type: 'limit_request.created',
          data: { request_id, workspace_id, current_in_flight_limit, requested_in_flight_limit: wanted, reason, requested_by: actor, requested_at: now },
        },
      ];
    }
    case 'resolve': {
      if (state.status === 'none') throw new DomainError('not_found', 'no such limit request', 'id');
      if (state.status !== 'open') throw new DomainError('invalid_state_transition', `limit request ${state.request_id} was already ${state.status}`);
      if (command.outcome !== 'granted' && command.outcome !== 'declined')
        throw new DomainError('invalid_request', 'outcome must be "granted" or "declined"', 'outcome');
      if (command.note.length > 1000) throw new DomainError('invalid_request', 'note must be at most 1000 characters', 'note');
      return [
        {
          type: 'limit_request.resolved',
          data: {
            request_id: state.request_id,
            workspace_id: state.workspace_id,
            outcome: command.outcome,
            note: command.note,
            resolved_by: command.actor,
            resolved_at: command.now,
          },
        },
      ];
    }
    default:
      return unhandled('limit request command', command);
  }
}

export const foldLimitRequest = (events: readonly LimitRequestEvent[]): LimitRequestState => events.reduce(evolveLimitRequest, initialLimitRequestState);

/** docs/dashboard-contract.md §7. */
export interface LimitRequestResource {
  object: 'limit_request';
  id: string;
  workspace_id: string;
  current_in_flight_limit: number;
  requested_in_flight_limit: number;
  reason: string;
  status: 'open' | LimitRequestOutcome;
  requested_by: Actor;
  created_at: string;
  resolved_at: string | null;
  resolution_note: string | null;
}

export function toLimitRequestResource(state: LimitRequestState): LimitRequestResource | null {
  if (state.status === 'none') return null;
  const resolved = state.status !== 'open';
  return {
    object: 'limit_request',
    id: state.request_id,
    workspace_id: state.workspace_id,
    current_in_flight_limit: state.current_in_flight_limit,
    requested_in_flight_limit: state.requested_in_flight_limit,
    reason: state.reason,
    status: state.status,
    requested_by: state.requested_by,
    created_at: state.created_at,
    resolved_at: resolved ? state.resolved_at : null,
    resolution_note: resolved ? state.resolution_note : null,
  };
}

export const limitRequestDecider: Decider<LimitRequestCommand, LimitRequestEvent, LimitRequestState> = {
  initialState: initialLimitRequestState,
  evolve: evolveLimitRequest,
  decide: decideLimitRequest,
};
