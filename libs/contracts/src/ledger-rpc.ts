/**
 * The ledger's request/reply (reserve before `deployment.created`).
 * The subject is `rpcSubjects(prefix).ledgerReserve` (rpc.ts), outside the events stream.
 * Failures come back as RpcErrorReply with the domain's code (`credits_exhausted`,
 * `in_flight_limit_reached`, `invalid_request`).
 */

export interface ReserveCreditsRequest {
  workspace_id: string;
  /** Reservation id = deployment id: a repeated request returns the same reservation. */
  deployment_id: string;
  amount: number;
  /** Correlates the account events with the HTTP request that caused them. */
  request_id: string;
}

export interface ReserveCreditsReply {
  deployment_id: string;
  /** What is held; on a repeated request, the first request's amount. */
  amount: number;
  /** Released as an orphan unless `deployment.created` confirms it before then. */
  expires_at: string;
  credits_remaining: number;
}

/**
 * The gateway gave up on a deployment after its reserve (the append failed, or the reserve's
 * answer never came): release its credits now rather than at the orphan deadline. Answered on
 * `rpcSubjects(prefix).ledgerRelease`; releases nothing when the deployment was appended after
 * all (the reservations view fences the two) or nothing is held, so it can be sent blindly.
 */
export interface ReleaseReservationRequest {
  workspace_id: string;
  deployment_id: string;
  request_id: string;
}

export interface ReleaseReservationReply {
  deployment_id: string;
  /** False: nothing was held, or the deployment exists and keeps its credits. */
  released: boolean;
}
