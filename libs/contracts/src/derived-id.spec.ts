import { deriveEventId, derivedId, timePartAt } from '@eh/contracts';

/**
 * Ids derived before the three derivations became one must still come out the same:
 * a retry has to name the event, delivery or resource its first attempt named. These values
 * were printed by the three separate implementations before they were merged.
 */
describe('derivedId', () => {
  const cause = 'evt_01JD3Z8Q4W5X6Y7Z8A9B0C1D2E';

  it('gives event ids byte-for-byte as before', () => {
    expect(deriveEventId(cause, 'synthesizer', 0)).toBe('evt_01JD3Z8Q4W11N0G7HWAWAXRJ3T');
    expect(deriveEventId(cause, 'ledger', 3)).toBe('evt_01JD3Z8Q4WE7T8BN59Q741S593');
    expect(deriveEventId('del_01JD3Z8Q4W5X6Y7Z8A9B0C1D2E', 'attempt-2', 1)).toBe('evt_01JD3Z8Q4WDHFJ8DMFPAAKECHA');
  });

  it('gives Idempotency-Key resource ids byte-for-byte as before', () => {
    const time = timePartAt(new Date('2026-03-01T12:00:00.123Z'));
    expect(derivedId({ prefix: 'dep', time, seed: 'ws_01JD0000000000000000000000\nPOST /v1/deployments\norder-17', encoding: 'bit-packed' })).toBe(
      'dep_01KJMMA2KV3P31XZBT5FZ8PG3Y',
    );
    expect(derivedId({ prefix: 'hnd', time, seed: 'ws_01JD0000000000000000000000\nPOST /v1/handoffs\nh-1', encoding: 'bit-packed' })).toBe(
      'hnd_01KJMMA2KV0R2D0B6TTWVPHRXV',
    );
  });
});
