import { deriveDeliveryId } from './delivery-id';

describe('deriveDeliveryId', () => {
  // Printed by the delivery lib's own derivation before it became libs/contracts' derivedId.
  it('gives delivery ids byte-for-byte as before the derivations were merged', () => {
    const cause = 'evt_01JD3Z8Q4W5X6Y7Z8A9B0C1D2E';
    expect(deriveDeliveryId(cause, 'we_01JD0000000000000000000000')).toBe('del_01JD3Z8Q4WYCHESPZ0P688XGPT');
    expect(deriveDeliveryId(cause, 'url:https://example.com/hook')).toBe('del_01JD3Z8Q4WJCGCPV0V5WF6Z5K8');
  });
});
