/**
 * Durations and amounts of the ledger, all from the environment so tests run the
 * orphan deadline, the sweeps and the usage cache scaled down.
 */
export interface LedgerConfig {
  /** How long a reservation may wait for its `deployment.created` before it is released as an orphan. */
  reservationTtlSeconds: number;
  /** How often the ledger looks for orphans (also once at start). Worst-case release: TTL + this. */
  sweepIntervalMs: number;
  /** How often the ledger starts the next cycle of accounts whose cycle ended. */
  cycleCheckIntervalMs: number;
  /** Held for a live deployment when the router's quote carries no `estimated_credits`. */
  fallbackReserveCredits: number;
  /** The gateway waits this long for the ledger's reserve reply, then answers 503. */
  reserveTimeoutMs: number;
  /** GET /v1/usage answers from a per-gateway cache at most this old. */
  usageCacheMs: number;
  /** Seconds in `Retry-After` of a 429 `in_flight_limit_reached`. */
  inFlightRetryAfterSeconds: number;
  /** The plan an account opens on: `LEDGER_STANDARD_CYCLE_CAP` (credits per cycle, default 0), */
  standardCycleCapCredits: number;
  /** `LEDGER_STANDARD_CYCLE_DAYS` (default 30) and */
  standardCycleDays: number;
  /** `LEDGER_STANDARD_IN_FLIGHT_LIMIT` (default 10). */
  standardInFlightLimit: number;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return value;
}

export function loadLedgerConfig(env: Env): LedgerConfig {
  return {
    reservationTtlSeconds: integer(env, 'LEDGER_RESERVATION_TTL_SECONDS', 60, 1),
    sweepIntervalMs: integer(env, 'LEDGER_SWEEP_INTERVAL_MS', 10_000, 10),
    cycleCheckIntervalMs: integer(env, 'LEDGER_CYCLE_CHECK_INTERVAL_MS', 60_000, 10),
    fallbackReserveCredits: integer(env, 'LEDGER_FALLBACK_RESERVE_CREDITS', 100, 0),
    reserveTimeoutMs: integer(env, 'LEDGER_RESERVE_TIMEOUT_MS', 3_000, 1),
    usageCacheMs: integer(env, 'USAGE_CACHE_MS', 2_000, 0),
    inFlightRetryAfterSeconds: integer(env, 'LEDGER_IN_FLIGHT_RETRY_AFTER_SECONDS', 30, 1),
    standardCycleCapCredits: integer(env, 'LEDGER_STANDARD_CYCLE_CAP', 0, 0),
    standardCycleDays: integer(env, 'LEDGER_STANDARD_CYCLE_DAYS', 30, 1),
    standardInFlightLimit: integer(env, 'LEDGER_STANDARD_IN_FLIGHT_LIMIT', 10, 0),
  };
}
