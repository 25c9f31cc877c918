/** What one attempt gave: an HTTP status, or none (timeout, network error, refused address). */
export interface AttemptResult {
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

/**
 * A 2xx (within the timeout, which the sender enforces) is success;
 * a 4xx is acknowledged and never retried; anything else is retried on the schedule. A 3xx is
 * not followed (a redirect could point anywhere, SSRF) and counts as a retryable failure, since
 * a misconfigured endpoint is usually fixed by its owner.
 */
export type OutcomeClass = 'success' | 'acknowledged' | 'retryable';

export function classifyOutcome(result: Pick<AttemptResult, 'status_code'>): OutcomeClass {
  const status = result.status_code;
  if (status === null) return 'retryable';
  if (status >= 200 && status <= 299) return 'success';
  if (status >= 400 && status <= 499) return 'acknowledged';
  return 'retryable';
}

/** One line for dead letters and listings: the error, else the status. */
export function describeResult(result: Pick<AttemptResult, 'status_code' | 'error'>): string {
  if (result.error !== null) return result.error;
  return result.status_code === null ? 'no response' : `HTTP ${result.status_code}`;
}
