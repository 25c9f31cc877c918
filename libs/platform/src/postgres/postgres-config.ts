/** Local default: the loopback server of deploy/local, trust auth. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/expert_handoff';

export function databaseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL && env.DATABASE_URL.length > 0 ? env.DATABASE_URL : DEFAULT_DATABASE_URL;
}

/**
 * Bounds on every pooled connection, so a stalled or unreachable server fails a request within
 * a few seconds instead of holding it for as long as the client waits (the gateway
 * answers every request within 5 s).
 */
export interface PostgresTimeouts {
  /** A new connection's TCP connect and startup handshake, else it is abandoned. */
  connectMs: number;
  /**
   * Waiting for a free pooled client (a burst queues behind a busy pool), else the pool gives up.
   * Under a stall the worst wait is this plus `connectMs`, so both stay under 5 s together.
   */
  poolWaitMs: number;
  /** Server side: a statement (a lock wait included) running longer is cancelled (57014). */
  statementMs: number;
  /**
   * Client side: no answer at all (the server or the network stalled) gives up this long after
   * the query was sent. Above `statementMs`, so a healthy slow server answers with its own error first.
   */
  queryMs: number;
  /** Server side: a session idle inside a transaction (its client stalled or gone) is ended, freeing its locks. */
  idleInTransactionMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 1_500,
  poolWaitMs: 3_000,
  statementMs: 3_000,
  queryMs: 3_500,
  idleInTransactionMs: 10_000,
};

/**
 * `PG_CONNECT_TIMEOUT_MS`, `PG_POOL_WAIT_MS`, `PG_STATEMENT_TIMEOUT_MS`, `PG_IDLE_IN_TRANSACTION_TIMEOUT_MS`;
 * the client-side bound follows the statement's.
 */
export function postgresTimeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): PostgresTimeouts {
  const statementMs = positive(env, 'PG_STATEMENT_TIMEOUT_MS', DEFAULT_POSTGRES_TIMEOUTS.statementMs);
  return {
    connectMs: positive(env, 'PG_CONNECT_TIMEOUT_MS', DEFAULT_POSTGRES_TIMEOUTS.connectMs),
    poolWaitMs: positive(env, 'PG_POOL_WAIT_MS', DEFAULT_POSTGRES_TIMEOUTS.poolWaitMs),
    statementMs,
    queryMs: statementMs + 500,
    idleInTransactionMs: positive(env, 'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS', DEFAULT_POSTGRES_TIMEOUTS.idleInTransactionMs),
  };
}

/**
 * `PG_POOL_MAX`: an upper bound on every service's pool (each has its own default size), so many
 * replicas on one server stay under its `max_connections` (ten replicas of the local
 * cluster would ask for up to 128 on a server that allows 100). Unset: no bound.
 */
export function poolSizeFromEnv(defaultSize: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PG_POOL_MAX;
  if (raw === undefined || raw === '') return defaultSize;
  return Math.min(defaultSize, positive(env, 'PG_POOL_MAX', defaultSize));
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer (milliseconds), got "${raw}"`);
  return value;
}
