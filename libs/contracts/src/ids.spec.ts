import { isId, newId } from '@eh/contracts';

describe('ids', () => {
  it('prefixes a sortable ULID with the resource prefix', () => {
    const first = newId('deployment');
    const second = newId('deployment');
    expect(first).toMatch(/^dep_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(second > first).toBe(true);
    expect(isId('deployment', first)).toBe(true);
    expect(isId('expert', first)).toBe(false);
    expect(isId('deployment', 'dep_not-a-ulid')).toBe(false);
  });
});
