import { BoundedSet } from './bounded-set';

describe('BoundedSet', () => {
  it('keeps the most recent values up to its capacity, forgetting the one added longest ago', () => {
    const set = new BoundedSet<string>(2);
    set.add('a');
    set.add('b');
    set.add('c');
    expect([set.has('a'), set.has('b'), set.has('c'), set.size]).toEqual([false, true, true, 2]);
  });

  it('does not renew a value added again: it is still forgotten first', () => {
    const set = new BoundedSet<string>(2);
    set.add('a');
    set.add('b');
    set.add('a');
    set.add('c');
    expect([set.has('a'), set.has('b'), set.has('c')]).toEqual([false, true, true]);
  });

  it('delete tells whether the value was there, and frees its place', () => {
    const set = new BoundedSet<string>(2);
    set.add('a');
    set.add('b');
    expect([set.delete('a'), set.delete('a')]).toEqual([true, false]);
    set.add('c');
    expect([set.has('b'), set.has('c'), set.size]).toEqual([true, true, 2]);
  });
});
