/**
 * The API's errors as exceptions: every API error is an `ExpertHandoffError` carrying the
 * stable `code` and the `request_id` to quote, and a subclass per code an agent acts on.
 */
export interface ErrorDetails {
  status: number | null;
  code: string;
  message: string;
  type: string;
  param: string | null;
  requestId: string | null;
  docsUrl: string | null;
  /** From `Retry-After`, when the answer carried one. */
  retryAfterSeconds: number | null;
}

export class ExpertHandoffError extends Error {
  readonly status: number | null;
  readonly code: string;
  readonly type: string;
  readonly param: string | null;
  readonly requestId: string | null;
  readonly docsUrl: string | null;
  readonly retryAfterSeconds: number | null;

  constructor(details: ErrorDetails) {
    super(details.message);
    this.name = new.target.name;
    this.status = details.status;
    this.code = details.code;
    this.type = details.type;
    this.param = details.param;
    this.requestId = details.requestId;
    this.docsUrl = details.docsUrl;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }

  /** The API's name for the request id (`request_id`), as it appears in the error body. */
  get request_id(): string | null {
    return this.requestId;
  }
}

export class InvalidRequestError extends ExpertHandoffError {}
export class AuthenticationError extends ExpertHandoffError {}
export class CreditsExhaustedError extends ExpertHandoffError {}
export class NotFoundError extends ExpertHandoffError {}
/** 409: `idempotency_conflict`, or a deployment not in a state for the call (`deployment_not_cancellable`, …). */
export class ConflictError extends ExpertHandoffError {}
export class ExpertUnavailableError extends ExpertHandoffError {}
/** 429: `rate_limited` or `in_flight_limit_reached`; `retryAfterSeconds` says when to try again. */
export class RateLimitedError extends ExpertHandoffError {}
export class ServiceUnavailableError extends ExpertHandoffError {}
export class InternalServerError extends ExpertHandoffError {}
/** The API was not reached (refused, reset, timed out): `status` is null. */
export class ConnectionError extends ExpertHandoffError {}
/** A webhook whose signature does not verify (`code` is the reason, e.g. `no_matching_signature`). */
export class WebhookSignatureError extends ExpertHandoffError {}

const BY_CODE: Record<string, new (details: ErrorDetails) => ExpertHandoffError> = {
  invalid_request: InvalidRequestError,
  authentication_failed: AuthenticationError,
  credits_exhausted: CreditsExhaustedError,
  not_found: NotFoundError,
  expert_unavailable: ExpertUnavailableError,
  rate_limited: RateLimitedError,
  in_flight_limit_reached: RateLimitedError,
  service_unavailable: ServiceUnavailableError,
  internal_error: InternalServerError,
};

const BY_STATUS: Record<number, new (details: ErrorDetails) => ExpertHandoffError> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  402: CreditsExhaustedError,
  404: NotFoundError,
  409: ConflictError,
  422: ExpertUnavailableError,
  429: RateLimitedError,
  503: ServiceUnavailableError,
};

/** A proxy's or load balancer's answer without the API's error body still means what its status says. */
const FALLBACK_CODES: Record<number, string> = { 401: 'authentication_failed', 404: 'not_found', 429: 'rate_limited', 503: 'service_unavailable' };

/** The exception for an error answer: by `code`, else by HTTP status; a body that is not the API's still gives one. */
export function errorFromResponse(status: number, body: unknown, retryAfter: string | null): ExpertHandoffError {
  const error = (body as { error?: Record<string, unknown> } | undefined)?.error;
  const text = (key: string): string | null => (typeof error?.[key] === 'string' ? (error[key] as string) : null);
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
  const details: ErrorDetails = {
    status,
    code: text('code') ?? FALLBACK_CODES[status] ?? (status >= 500 ? 'internal_error' : 'unexpected_response'),
    message: text('message') ?? `HTTP ${status}`,
    type: text('type') ?? 'api_error',
    param: text('param'),
    requestId: text('request_id'),
    docsUrl: text('docs_url'),
    retryAfterSeconds: seconds,
  };
  const Type = BY_CODE[details.code] ?? BY_STATUS[status] ?? (status >= 500 ? InternalServerError : ExpertHandoffError);
  return new Type(details);
}

/**
 * The API not reached. The message names the underlying reason (`connect ECONNREFUSED …`), not
 * fetch's bare "fetch failed"; the original error is the `cause`.
 */
export function connectionError(baseUrl: string, cause: unknown): ConnectionError {
  const reason = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause);
  const error = new ConnectionError({
    status: null,
    code: 'connection_error',
    message: `could not reach the API at ${baseUrl} (${reason})`,
    type: 'connection_error',
    param: null,
    requestId: null,
    docsUrl: null,
    retryAfterSeconds: null,
  });
  Object.defineProperty(error, 'cause', { value: cause, enumerable: false, configurable: true, writable: true });
  return error;
}
