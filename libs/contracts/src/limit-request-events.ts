/**
 * A workspace owner asks operations to raise the in-flight limit, which is
 * raised through the dashboard. One stream per request, `limit_request-<lrq_id>`; granting one does not
 * change the plan (operations do that with the plan API), it records the answer.
 */
import type { Actor } from './actor';

export interface LimitIncreaseRequested {
  type: 'limit_request.created';
  data: {
    request_id: string;
    workspace_id: string;
    current_in_flight_limit: number;
    requested_in_flight_limit: number;
    reason: string;
    requested_by: Actor;
    requested_at: string;
  };
}

export type LimitRequestOutcome = 'granted' | 'declined';

export interface LimitRequestResolved {
  type: 'limit_request.resolved';
  data: { request_id: string; workspace_id: string; outcome: LimitRequestOutcome; note: string; resolved_by: Actor; resolved_at: string };
}

export type LimitRequestEvent = LimitIncreaseRequested | LimitRequestResolved;

export const LIMIT_REQUEST_EVENT_TYPES: readonly LimitRequestEvent['type'][] = ['limit_request.created', 'limit_request.resolved'];

export const limitRequestStreamName = (requestId: string): string => `limit_request-${requestId}`;
