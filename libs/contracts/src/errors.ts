/**
 * Rejections carry a stable code and become HTTP only at the edge.
 * The gateway's exception filter maps each code to a status and the API's error shape.
 */
export const ERROR_CODES = [
  // The API's published codes
  'invalid_request',
  'authentication_failed',
  'credits_exhausted',
  'not_found',
  'idempotency_conflict',
  'expert_unavailable',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  // Added by this service (docs/decisions.md)
  'deployment_not_cancellable',
  'deployment_not_awaiting_input',
  'invalid_state_transition',
  'question_already_asked',
  'expert_not_assigned',
  'deployment_already_exists',
  'concurrent_modification',
  'in_flight_limit_reached',
  // Saving an output to brand memory needs a completed deployment.
  'deployment_not_completed',
  // A cookie-authenticated change without the session's X-CSRF-Token; a signed
  // attachment URL that expired or does not match its signature.
  'csrf_token_invalid',
  'url_signature_invalid',
  // A developer on an owner's route; limits of a workspace's endpoints and keys; a
  // signing secret shown once; a workspace keeps at least one owner.
  'permission_denied',
  'endpoint_limit_reached',
  'api_key_limit_reached',
  'secret_already_revealed',
  'last_owner',
  // Feedback on a deployment: given once, within its window.
  'feedback_already_given',
  'feedback_window_closed',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The request field the error is about, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
