import { loadLedgerConfig } from './ledger-config';

describe('ledger configuration', () => {
  it('refuses values that are not integers in range', () => {
    expect(() => loadLedgerConfig({ LEDGER_RESERVATION_TTL_SECONDS: '0' })).toThrow(/LEDGER_RESERVATION_TTL_SECONDS/);
    expect(() => loadLedgerConfig({ USAGE_CACHE_MS: 'soon' })).toThrow(/USAGE_CACHE_MS/);
  });
});
