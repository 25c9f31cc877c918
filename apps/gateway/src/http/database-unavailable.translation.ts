import { isDatabaseUnavailable } from '@eh/platform';

/** How long a client is told to wait: the pool's timeouts (about 3.5 s) plus a reconnect. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL refused, dropped or stalled (pg connection errors, pool and query timeouts,
 * statement timeouts, a server shutting down): the API's 503 `service_unavailable` with
 * Retry-After, not a 500. Null for any other failure.
 */
export function translateDatabaseUnavailable(exception: unknown): { code: 'service_unavailable'; message: string; retryAfterSeconds: number } | null {
  if (!isDatabaseUnavailable(exception)) return null;
  return {
    code: 'service_unavailable',
    message: 'the service cannot reach its database right now; retry after the number of seconds in Retry-After',
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  };
}
