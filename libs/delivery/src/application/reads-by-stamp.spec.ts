import { ReadsByStamp } from './reads-by-stamp';

/** A read that counts its calls and answers with the count. */
function counting(): { read: () => Promise<number>; calls: () => number } {
  let calls = 0;
  return { read: async () => ++calls, calls: () => calls };
}

describe('ReadsByStamp', () => {
  it('reads once per key and stamp, and again for a new stamp', async () => {
    const reads = new ReadsByStamp();
    const directory = counting();
    expect([await reads.remember('s.0', 'k', directory.read), await reads.remember('s.0', 'k', directory.read)]).toEqual([1, 1]);
    expect(await reads.remember('s.1', 'k', directory.read)).toBe(2);
    // Copies of the earlier stamp still in flight keep theirs.
    expect(await reads.remember('s.0', 'k', directory.read)).toBe(1);
    expect(directory.calls()).toBe(2);
  });

  it('shares a read under way, and forgets one that failed', async () => {
    const reads = new ReadsByStamp();
    let release: (value: string) => void = () => undefined;
    const pending = new Promise<string>((resolve) => (release = resolve));
    const first = reads.remember('s', 'k', () => pending);
    const second = reads.remember('s', 'k', async () => 'not read');
    release('read once');
    expect([await first, await second]).toEqual(['read once', 'read once']);
    await expect(reads.remember('s', 'failing', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.remember('s', 'failing', async () => 'read again')).toBe('read again');
  });

  it('keeps a bounded number of values per stamp, and of stamps', async () => {
    const reads = new ReadsByStamp(2);
    const directory = counting();
    for (const key of ['a', 'b', 'c']) await reads.remember('s', key, directory.read);
    expect(await reads.remember('s', 'a', directory.read)).toBe(4);
    for (const stamp of ['t1', 't2', 't3', 't4']) await reads.remember(stamp, 'a', directory.read);
    expect(await reads.remember('s', 'a', directory.read)).toBe(9);
  });
});
