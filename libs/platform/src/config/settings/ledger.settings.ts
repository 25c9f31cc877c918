import { inGroup, readBy } from './setting';

/** The catalogue's Ledger settings. */
export const ledgerSettings = inGroup(
  'Ledger',
  readBy(
    ['gateway', 'ledger', 'cli'],
    [
      {
        name: 'LEDGER_STANDARD_CYCLE_CAP',
        default: '0',
        meaning: 'Credits granted each cycle on the plan an account opens on.',
      },
      {
        name: 'LEDGER_STANDARD_CYCLE_DAYS',
        default: '30',
        meaning: 'Length of a cycle on that plan.',
      },
      {
        name: 'LEDGER_STANDARD_IN_FLIGHT_LIMIT',
        default: '10',
        meaning: 'Live deployments in flight at once on that plan before 429 `in_flight_limit_reached`.',
      },
    ],
  ),
  readBy(
    ['ledger'],
    [
      {
        name: 'LEDGER_RESERVATION_TTL_SECONDS',
        default: '60',
        meaning: 'A hold whose deployment never came to exist is released after this.',
      },
      {
        name: 'LEDGER_SWEEP_INTERVAL_MS',
        default: '10000',
        meaning: 'How often the ledger looks for such orphaned holds.',
      },
      {
        name: 'LEDGER_CYCLE_CHECK_INTERVAL_MS',
        default: '60000',
        meaning: 'How often the ledger starts the next cycle of accounts whose cycle ended.',
      },
    ],
  ),
  readBy(
    ['gateway'],
    [
      {
        name: 'LEDGER_FALLBACK_RESERVE_CREDITS',
        default: '100',
        meaning: "Credits held for a live deployment when the router's quote carries no estimate.",
      },
      {
        name: 'LEDGER_RESERVE_TIMEOUT_MS',
        default: '3000',
        meaning: "How long a create waits for the ledger's answer to its hold before it is answered 503.",
      },
      {
        name: 'LEDGER_IN_FLIGHT_RETRY_AFTER_SECONDS',
        default: '30',
        meaning: 'Retry-After of a 429 `in_flight_limit_reached`.',
      },
      {
        name: 'USAGE_CACHE_MS',
        default: '2000',
        meaning: 'GET /v1/usage answers from a per-gateway cache at most this old.',
      },
    ],
  ),
);
