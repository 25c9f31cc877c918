/**
 * How long and how many connections the gateway's HTTP server holds for its clients, so that
 * a stranger sending slowly, or opening many sockets, holds a bounded share of it.
 * Decisions: docs/decisions.md "Cost bounds: uploads and slow clients".
 */
export interface HttpServerConfig {
  /** The request line and headers must arrive within this (`HTTP_HEADERS_TIMEOUT_MS`, 10 s); 0: no bound. */
  headersTimeoutMs: number;
  /**
   * The whole request, body included, must arrive within this (`HTTP_REQUEST_TIMEOUT_MS`, 120 s:
   * a 25 MB upload at 1.7 Mbit/s); 0: no bound. Only receiving the request: a long answer (an
   * event stream) is not cut.
   */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (`HTTP_KEEP_ALIVE_TIMEOUT_MS`, 72 s: longer than a proxy's 60 s idle upstream). */
  keepAliveTimeoutMs: number;
  /** Open connections the process accepts at once; past it new ones are closed (`HTTP_MAX_CONNECTIONS`, 4096); 0: no bound. */
  maxConnections: number;
  /** Open connections from one client address (the TCP peer) at once (`HTTP_MAX_CONNECTIONS_PER_ADDRESS`, 256); 0: no bound. */
  maxConnectionsPerAddress: number;
  /**
   * A connection from an address blocked for failed authentications is held unread this long
   * before its 429 (`HTTP_BLOCKED_ADDRESS_HOLD_MS`, 10 s), within the per-address cap; 0: answered at once.
   */
  blockedHoldMs: number;
  /**
   * A request without any credential on a route that needs one is refused before its body is
   * read when the body is larger than this or of unknown length (`UNAUTHENTICATED_BODY_MAX_BYTES`, 4096).
   */
  unauthenticatedBodyMaxBytes: number;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function loadHttpServerConfig(env: Env): HttpServerConfig {
  const config: HttpServerConfig = {
    headersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000),
    requestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000),
    keepAliveTimeoutMs: Math.max(1, integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000)),
    maxConnections: integer(env, 'HTTP_MAX_CONNECTIONS', 4096),
    maxConnectionsPerAddress: integer(env, 'HTTP_MAX_CONNECTIONS_PER_ADDRESS', 256),
    blockedHoldMs: integer(env, 'HTTP_BLOCKED_ADDRESS_HOLD_MS', 10_000),
    unauthenticatedBodyMaxBytes: integer(env, 'UNAUTHENTICATED_BODY_MAX_BYTES', 4096),
  };
  // Node refuses a headers bound longer than the request's: the headers are part of the request.
  if (config.headersTimeoutMs > 0 && config.requestTimeoutMs > 0 && config.headersTimeoutMs > config.requestTimeoutMs) {
    throw new Error(`HTTP_HEADERS_TIMEOUT_MS (${config.headersTimeoutMs}) must not be longer than HTTP_REQUEST_TIMEOUT_MS (${config.requestTimeoutMs})`);
  }
  return config;
}
