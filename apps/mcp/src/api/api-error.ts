import { ConnectionError, type ExpertHandoffError } from '@expert-handoff/sdk';

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

/**
 * An SDK error in the API's own field names. The API not being reached at all is reported as the
 * spec's `service_unavailable`: the agent's right move is the same, wait and retry.
 */
export function errorDetailsOf(error: ExpertHandoffError): ServiceErrorDetails {
  const unreachable = error instanceof ConnectionError;
  return {
    code: unreachable ? 'service_unavailable' : error.code,
    message: unreachable ? `the MCP server ${error.message}; check SERVICE_BASE_URL or retry later` : error.message,
    type: unreachable ? 'api_error' : error.type,
    status: error.status,
    param: error.param,
    request_id: error.requestId,
    docs_url: error.docsUrl,
    retry_after_seconds: error.retryAfterSeconds,
  };
}
