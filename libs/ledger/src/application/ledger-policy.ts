import type { LedgerConfig } from '@eh/platform';
import type { LedgerPolicy } from '../domain/account-plan';

/** The standard plan from configuration (10 in flight; the cap is 0 unless configured). */
export function ledgerPolicy(config: Pick<LedgerConfig, 'standardCycleCapCredits' | 'standardCycleDays' | 'standardInFlightLimit'>): LedgerPolicy {
  return {
    standardPlan: {
      name: 'standard',
      cycle_cap_credits: config.standardCycleCapCredits,
      cycle_days: config.standardCycleDays,
      in_flight_limit: config.standardInFlightLimit,
    },
  };
}
