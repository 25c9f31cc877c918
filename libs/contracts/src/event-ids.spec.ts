import { deriveEventId, isId, newId } from '@eh/contracts';

describe('deriveEventId', () => {
  it('is deterministic per cause, purpose and index, and a valid sortable event id', () => {
    const cause = newId('event');
    const id = deriveEventId(cause, 'synthesizer');
    expect(id).toBe(deriveEventId(cause, 'synthesizer'));
    expect(id).not.toBe(deriveEventId(cause, 'synthesizer', 1));
    expect(id).not.toBe(deriveEventId(cause, 'ledger'));
    expect(isId('event', id)).toBe(true);
    expect(id.slice(4, 14)).toBe(cause.slice(4, 14));
  });
});
