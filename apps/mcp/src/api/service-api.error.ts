import type { ApiErrorBody } from './api-types';

/** What a tool error carries: the API's error fields, so an agent can branch on `code`. */
export interface ServiceErrorDetails {
  code: string;
  message: string;
  type: string;
  /** HTTP status of the API's answer; null when the API was not reached. */
  status: number | null;
  param: string | null;
  request_id: string | null;
  docs_url: string | null;
  /** From `Retry-After` (429, 503, 409 while a first attempt still runs). */
  retry_after_seconds: number | null;
}

/** An error answer of the REST API, or the API not being reachable at all. */
export class ServiceApiError extends Error {
  constructor(readonly details: ServiceErrorDetails) {
    super(`${details.code}: ${details.message}`);
    this.name = 'ServiceApiError';
  }

  get code(): string {
    return this.details.code;
  }

  static fromResponse(status: number, body: unknown, retryAfter: string | null): ServiceApiError {
    const error = isErrorBody(body) ? body.error : null;
    return new ServiceApiError({
      // A gateway that answered without the API's error shape (a proxy's 502 page) is still a server fault.
      code: error?.code ?? (status >= 500 ? 'internal_error' : 'invalid_request'),
      message: error?.message ?? `the API answered HTTP ${status} without an error body`,
      type: error?.type ?? 'api_error',
      status,
      param: error?.param ?? null,
      request_id: error?.request_id ?? null,
      docs_url: error?.docs_url ?? null,
      retry_after_seconds: parseRetryAfter(retryAfter),
    });
  }

  /**
   * The API could not be reached (refused, timed out, DNS). Reported as the API's
   * `service_unavailable`: the agent's right move is the same, wait and retry.
   */
  static unreachable(baseUrl: string, cause: unknown): ServiceApiError {
    const reason = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause);
    return new ServiceApiError({
      code: 'service_unavailable',
      message: `the MCP server could not reach the API at ${baseUrl} (${reason}); check SERVICE_BASE_URL or retry later`,
      type: 'api_error',
      status: null,
      param: null,
      request_id: null,
      docs_url: null,
      retry_after_seconds: null,
    });
  }

  /** Raised before any request when the host's config holds no key. */
  static missingKey(): ServiceApiError {
    return new ServiceApiError({
      code: 'authentication_failed',
      message: 'SERVICE_API_KEY is not set in the env of this MCP server (the host config\'s "env" map)',
      type: 'authentication_error',
      status: null,
      param: 'SERVICE_API_KEY',
      request_id: null,
      docs_url: null,
      retry_after_seconds: null,
    });
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

function parseRetryAfter(value: string | null): number | null {
  if (value === null) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}
