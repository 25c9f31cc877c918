import { RecentIds } from './recent-ids';

describe('RecentIds', () => {
  it('takes an id once and refuses its repeat', () => {
    const ids = new RecentIds(3);
    expect(ids.add('a')).toBe(true);
    expect(ids.add('a')).toBe(false);
    expect(ids.add('b')).toBe(true);
  });

  it('remembers every id for at least its capacity of later ids', () => {
    const ids = new RecentIds(100);
    for (let index = 0; index < 1000; index++) {
      expect(ids.add(`id-${index}`)).toBe(true);
      // Every one of the last 100 ids is still known as a repeat.
      for (let back = Math.max(0, index - 100); back <= index; back++) expect(ids.add(`id-${back}`)).toBe(false);
    }
  });

  it('never holds more than twice its capacity, however long the stream lives', () => {
    const ids = new RecentIds(50);
    for (let index = 0; index < 10_000; index++) ids.add(`id-${index}`);
    expect(ids.size).toBeLessThanOrEqual(100);
    expect(ids.size).toBeGreaterThanOrEqual(50);
  });

  it('forgets an id only once a whole generation has passed after it', () => {
    const ids = new RecentIds(2);
    ids.add('a');
    ids.add('b');
    ids.add('c'); // a and b are now the older generation
    expect(ids.add('a')).toBe(false);
    ids.add('d');
    ids.add('e'); // c and d are older; a and b forgotten
    expect(ids.add('a')).toBe(true);
  });

  it('refuses a capacity that is not a positive whole number', () => {
    expect(() => new RecentIds(0)).toThrow('capacity');
    expect(() => new RecentIds(1.5)).toThrow('capacity');
  });
});
