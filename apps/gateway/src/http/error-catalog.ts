import type { ErrorCode } from '@eh/contracts';

export type ErrorType = 'invalid_request' | 'authentication_error' | 'billing_error' | 'rate_limit_error' | 'api_error';

export interface ErrorEntry {
  status: number;
  type: ErrorType;
  /** What the code means and what the caller should do; served at docs_url. */
  description: string;
}

/** The API's error codes, each with its status, type and what the caller should do (choices in docs/decisions.md). */
export const ERROR_CATALOG: Record<ErrorCode, ErrorEntry> = {
  invalid_request: {
    status: 400,
    type: 'invalid_request',
    description: 'The request was malformed or a field failed validation. The message names the field; fix it and send again.',
  },
  authentication_failed: {
    status: 401,
    type: 'authentication_error',
    description: 'The bearer key is missing, malformed, expired or revoked. Send `Authorization: Bearer svc_test_…` or `svc_live_…` with an active key.',
  },
  credits_exhausted: {
    status: 402,
    type: 'billing_error',
    description: 'The workspace balance is too low to reserve credits for this deployment. Top up, or wait for the next cycle.',
  },
  not_found: {
    status: 404,
    type: 'invalid_request',
    description: 'No resource with that identifier exists in this workspace and mode, or the route does not exist.',
  },
  idempotency_conflict: {
    status: 409,
    type: 'invalid_request',
    description: 'This Idempotency-Key was already used with a different request body, or the first request with it is still running.',
  },
  deployment_not_cancellable: {
    status: 409,
    type: 'invalid_request',
    description: 'Only pending or accepted deployments can be cancelled by the agent; once work has started it runs to completion.',
  },
  deployment_not_awaiting_input: { status: 409, type: 'invalid_request', description: 'A reply is accepted only while the deployment is in needs_input.' },
  invalid_state_transition: { status: 409, type: 'invalid_request', description: 'The deployment is not in a state that allows this action.' },
  question_already_asked: { status: 409, type: 'invalid_request', description: 'An expert may ask one clarifying question per deployment.' },
  expert_not_assigned: { status: 403, type: 'invalid_request', description: 'Only the expert the deployment was offered or assigned to may act on it.' },
  deployment_already_exists: { status: 409, type: 'invalid_request', description: 'A deployment with this identifier already exists.' },
  concurrent_modification: { status: 409, type: 'invalid_request', description: 'The resource changed while the request ran. Retry the request.' },
  deployment_not_completed: { status: 409, type: 'invalid_request', description: 'Only a completed deployment has an output to save to brand memory.' },
  csrf_token_invalid: {
    status: 403,
    type: 'invalid_request',
    description:
      'A change made with the console session cookie must send the session\u2019s CSRF token in the `X-CSRF-Token` header (from `GET /console/api/v1/session`). Reload the console and retry.',
  },
  url_signature_invalid: {
    status: 403,
    type: 'invalid_request',
    description: 'The attachment URL expired or its signature does not match. Fetch the deployment again for a freshly signed URL.',
  },
  permission_denied: {
    status: 403,
    type: 'invalid_request',
    description: 'Your role in the workspace does not allow this: only owners manage the team, read the audit log and request limit changes. Ask an owner.',
  },
  endpoint_limit_reached: {
    status: 409,
    type: 'invalid_request',
    description: 'A workspace holds at most 16 webhook endpoints per mode. Delete one you no longer use, or send more event types to an existing one.',
  },
  api_key_limit_reached: {
    status: 409,
    type: 'invalid_request',
    description: 'A workspace holds at most 20 active API keys per mode. Revoke one you no longer use first.',
  },
  secret_already_revealed: {
    status: 409,
    type: 'invalid_request',
    description:
      'The webhook signing secret is shown once. Rotate it (`POST /v1/webhook_signing_secret/rotate`) to get a new one; the old one keeps signing for the overlap.',
  },
  last_owner: { status: 409, type: 'invalid_request', description: 'A workspace keeps at least one owner. Make another member an owner first.' },
  feedback_already_given: {
    status: 409,
    type: 'invalid_request',
    description: 'A deployment is rated once. Sending the same rating and comment again answers as the first time did; a different one is refused.',
  },
  feedback_window_closed: { status: 409, type: 'invalid_request', description: 'Feedback is taken for 30 days after a deployment completes.' },
  expert_unavailable: {
    status: 422,
    type: 'invalid_request',
    description: 'No expert with the requested skills is available. Retry with different skills or relaxed urgency.',
  },
  in_flight_limit_reached: {
    status: 429,
    type: 'rate_limit_error',
    description:
      'The workspace already has as many live deployments in flight as its plan allows (10 on the standard plan). Retry after Retry-After seconds, or when a deployment completes, is cancelled or expires.',
  },
  rate_limited: {
    status: 429,
    type: 'rate_limit_error',
    description:
      "Too many requests, or too many open event streams, for this key, or for all of the workspace's keys of this mode together. Wait the number of seconds in Retry-After; the refusal itself arrives after a pause of up to a second, so retrying at once gains nothing.",
  },
  internal_error: { status: 500, type: 'api_error', description: 'Something went wrong on our side. Retry later and quote request_id when reporting it.' },
  service_unavailable: {
    status: 503,
    type: 'api_error',
    description: 'The service, or a part it depends on, is briefly unavailable. Retry after Retry-After seconds.',
  },
};
