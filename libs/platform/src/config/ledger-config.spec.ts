import { loadLedgerConfig } from './ledger-config';

describe('ledger configuration', () => {
  it('defaults: 60 s orphan deadline, 10 s sweeps, standard plan 0 credits / 30 days / 10 in flight', () => {
    expect(loadLedgerConfig({})).toEqual({
      reservationTtlSeconds: 60,
      sweepIntervalMs: 10_000,
      cycleCheckIntervalMs: 60_000,
      fallbackReserveCredits: 100,
      reserveTimeoutMs: 3_000,
      usageCacheMs: 2_000,
      inFlightRetryAfterSeconds: 30,
      standardCycleCapCredits: 0,
      standardCycleDays: 30,
      standardInFlightLimit: 10,
    });
  });

  it('refuses values that are not integers in range', () => {
    expect(() => loadLedgerConfig({ LEDGER_RESERVATION_TTL_SECONDS: '0' })).toThrow(/LEDGER_RESERVATION_TTL_SECONDS/);
    expect(() => loadLedgerConfig({ USAGE_CACHE_MS: 'soon' })).toThrow(/USAGE_CACHE_MS/);
  });
});
