import { ChangeMarkWatch } from './change-mark-watch';

/** A read of the marks the test answers when it chooses, as a slow database would. */
function pendingReads() {
  const reads: { startedAt: number; answer: (marks: string) => void; fail: (error: Error) => void }[] = [];
  return {
    reads,
    read: (clock: () => number) => () => new Promise<string>((resolve, reject) => reads.push({ startedAt: clock(), answer: resolve, fail: reject })),
  };
}

describe('ChangeMarkWatch', () => {
  let clock = 0;
  const now = (): number => clock;
  beforeEach(() => {
    clock = 1_000;
  });

  it('is not confirmed before its first look, and is after it', async () => {
    const { reads, read } = pendingReads();
    const watch = new ChangeMarkWatch(read(now), 100, now);
    const first = watch.confirmed();
    expect(reads).toHaveLength(1);
    reads[0].answer('m=1');
    expect(await first).toBe(true);
    expect(await watch.confirmed()).toBe(true);
    expect(reads).toHaveLength(1);
  });

  it('looks again ahead of time past half its bound, without making the request wait', async () => {
    const { reads, read } = pendingReads();
    const watch = new ChangeMarkWatch(read(now), 100, now);
    const first = watch.confirmed();
    reads[0].answer('m=1');
    await first;
    clock += 60;
    expect(await watch.confirmed()).toBe(true);
    expect(reads).toHaveLength(2);
    // Requests arriving while that look is under way share it.
    expect(await watch.confirmed()).toBe(true);
    expect(reads).toHaveLength(2);
  });

  it('tells its listeners when the marks moved, not on the first look nor when they stayed', async () => {
    let marks = 'm=1';
    const changed = jest.fn();
    const watch = new ChangeMarkWatch(async () => marks, 100, now);
    watch.onChange(changed);
    await watch.confirmed();
    clock += 101;
    await watch.confirmed();
    expect(changed).not.toHaveBeenCalled();
    marks = 'm=2';
    clock += 101;
    await watch.confirmed();
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('counts a look from when it began: a look slower than the bound confirms nothing', async () => {
    const { reads, read } = pendingReads();
    const watch = new ChangeMarkWatch(read(now), 100, now);
    const slow = watch.confirmed();
    clock += 150;
    reads[0].answer('m=1');
    expect(await slow).toBe(false);
  });

  it('is not confirmed while the marks cannot be read', async () => {
    const { reads, read } = pendingReads();
    const watch = new ChangeMarkWatch(read(now), 100, now);
    const first = watch.confirmed();
    reads[0].answer('m=1');
    await first;
    clock += 101;
    const failing = watch.confirmed();
    reads[1].fail(new Error('database unavailable'));
    expect(await failing).toBe(false);
  });
});
