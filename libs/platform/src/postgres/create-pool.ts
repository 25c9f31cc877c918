import { Pool, type Client, type ClientConfig, type PoolConfig } from 'pg';
import { NamingClient } from './named-statements';
import { databaseUrlFromEnv, postgresTimeoutsFromEnv, type PostgresTimeouts } from './postgres-config';
import { inStatementSpan, statementSpanWanted } from './statement-spans';

/**
 * A pg.Pool with an error listener: an idle client whose server connection drops emits
 * 'error' on the pool, and an unhandled 'error' event would crash the process. Every client
 * also keeps a listener while checked out: pg-pool removes its own then, and a connection
 * lost between two queries of a transaction would otherwise end the process too (the next
 * query on that client fails instead, and the pool discards it on release).
 *
 * Timeouts bound every wait on the server: see PostgresTimeouts. Statements with
 * parameters are prepared once per connection (named-statements.ts), and connections are kept
 * once opened (`min` = `max`), so `max` is each process's share of the server's max_connections.
 */
export function createPool(
  databaseUrl: string = databaseUrlFromEnv(),
  options: Omit<PoolConfig, 'connectionString'> = {},
  onIdleError: (err: Error) => void = () => undefined,
  timeouts: PostgresTimeouts = postgresTimeoutsFromEnv(),
): Pool {
  const max = options.max ?? 10;
  const pool = new Pool({
    max,
    // A connection once opened stays open (a fixed-size pool once warm). Closing idle
    // ones after 10 s left one open under steady load, and the next hiccup opened the rest at once:
    // a burst of backend forks that held GETs for 400 ms (p99 at 500/s fell from 484 to 43 ms).
    min: max,
    // pg-pool bounds both the wait for a free client and a new client's handshake with this one
    // value; the client class keeps the handshake's own, shorter bound.
    Client: clientWithHandshakeTimeout(timeouts.connectMs),
    connectionTimeoutMillis: timeouts.poolWaitMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Notices a peer that vanished without closing (the LISTEN connection idles for long).
    keepAlive: true,
    ...options,
    connectionString: databaseUrl,
  });
  pool.on('error', onIdleError);
  pool.on('connect', (client) => client.on('error', () => undefined));
  traceStatements(pool);
  return pool;
}

/**
 * `pool.query` starts its span here, in the caller's context: pg-pool hands the statement to a
 * client from a callback that may run in whichever request released that client.
 */
function traceStatements(pool: Pool): void {
  const untraced = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    if (!statementSpanWanted(args)) return untraced(...args);
    // How the pool stood when the statement asked for a connection: a span that waited for one says so.
    const poolState = { 'pg.pool.idle': pool.idleCount, 'pg.pool.waiting': pool.waitingCount };
    return inStatementSpan(args[0], () => untraced(...args) as Promise<unknown>, poolState);
  }) as Pool['query'];
}

function clientWithHandshakeTimeout(connectMs: number): new (config?: ClientConfig) => Client {
  return class HandshakeBoundedClient extends NamingClient {
    constructor(config: ClientConfig = {}) {
      super({ ...config, connectionTimeoutMillis: connectMs });
    }
  };
}
