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

  it('a full set of 100 takes one more by forgetting the tenth added longest ago, at once', () => {
    const set = new BoundedSet<number>(100);
    for (let value = 0; value < 101; value++) set.add(value);
    expect(set.size).toBe(91);
    expect([set.has(9), set.has(10), set.has(100)]).toEqual([false, true, true]);
    for (let value = 101; value < 110; value++) set.add(value);
    expect(set.size).toBe(100);
    set.add(110);
    expect([set.size, set.has(19), set.has(20)]).toEqual([91, false, true]);
  });
});
