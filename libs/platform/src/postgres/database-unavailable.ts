/**
 * Whether an error means "PostgreSQL cannot serve right now; the same request may succeed
 * later" (connection refused or lost, the pool or a query timing out, the server shutting
 * down or starting) rather than a fault of the query. Callers answer such failures with
 * 503 `service_unavailable` and Retry-After instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (candidate) => {
    const { code, message } = candidate as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNREACHABLE_SOCKET_CODES.has(code))) return true;
    // node-postgres's own client and pool errors carry no code, only these messages.
    return typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** SQLSTATEs besides class 08 (connection exception) that say "not now" rather than "wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  '55P03', // lock_not_available: lock_timeout
  '53300', // too_many_connections
]);

const UNREACHABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

const CLIENT_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /^timeout exceeded when trying to connect$/, // pg-pool: no client within connectionTimeoutMillis
  /^Query read timeout$/, // query_timeout: the server never answered
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout expired$/,
];

/** Looks through `cause` chains and AggregateErrors (a refused dual-stack connect), a few levels deep. */
function someCause(error: unknown, test: (candidate: object) => boolean, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (test(error)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => someCause(inner, test, depth + 1))) return true;
  return someCause((error as { cause?: unknown }).cause, test, depth + 1);
}
