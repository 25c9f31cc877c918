import { ChangeMarkWatch } from './change-mark-watch';

interface PendingRead {
  answer(marks: string): void;
  fail(error: Error): void;
}

/** Reads of the marks the test answers when it chooses, as a slow database would. */
function pendingReads() {
  const reads: PendingRead[] = [];
  return { reads, read: () => new Promise<string>((resolve, reject) => reads.push({ answer: resolve, fail: reject })) };
}

describe('ChangeMarkWatch', () => {
  let clock = 0;
  const now = (): number => clock;
  beforeEach(() => {
    clock = 1_000;
  });

  /** A watch on pending reads whose first look has answered `m=1`. */
  async function confirmedOnPendingReads() {
    const pending = pendingReads();
    const watch = new ChangeMarkWatch(pending.read, 100, now);
    watch.confirmed();
    pending.reads[0].answer('m=1');
    await watch.settled();
    return { watch, reads: pending.reads };
  }

  it('is not confirmed before its first look has answered, and starts that look without waiting for it', async () => {
    const { reads, read } = pendingReads();
    const watch = new ChangeMarkWatch(read, 100, now);
    expect(watch.confirmed()).toBe(false);
    expect(reads).toHaveLength(1);
    // Asked again while the look is under way: the same look.
    expect(watch.confirmed()).toBe(false);
    expect(reads).toHaveLength(1);
    reads[0].answer('m=1');
    await watch.settled();
    expect(watch.confirmed()).toBe(true);
  });

  it('looks again ahead of time past half its bound, staying confirmed meanwhile', async () => {
    const { watch, reads } = await confirmedOnPendingReads();
    clock += 40;
    expect(watch.confirmed()).toBe(true);
    expect(reads).toHaveLength(1);
    clock += 20;
    expect(watch.confirmed()).toBe(true);
    expect(reads).toHaveLength(2);
    reads[1].answer('m=1');
    await watch.settled();
    clock += 99;
    expect(watch.confirmed()).toBe(true);
  });

  it('is no longer confirmed once the bound has passed since the last look began', async () => {
    const watch = new ChangeMarkWatch(async () => 'm=1', 100, now);
    await watch.settled();
    clock += 101;
    expect(watch.confirmed()).toBe(false);
    await watch.settled();
    expect(watch.confirmed()).toBe(true);
  });

  it('tells its listeners when the marks moved, not on the first look nor when they stayed', async () => {
    let marks = 'm=1';
    const changed = jest.fn();
    const watch = new ChangeMarkWatch(async () => marks, 100, now);
    watch.onChange(changed);
    await watch.settled();
    clock += 101;
    await watch.settled();
    expect(changed).not.toHaveBeenCalled();
    marks = 'm=2';
    await watch.settled();
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it.each([
    {
      name: 'counts a look from when it began: one slower than the bound confirms nothing',
      end: (read: PendingRead) => {
        clock += 150;
        read.answer('m=1');
      },
    },
    { name: 'stays unconfirmed while the marks cannot be read', end: (read: PendingRead) => read.fail(new Error('database unavailable')) },
  ])('$name', async ({ end }) => {
    const { watch, reads } = await confirmedOnPendingReads();
    clock += 101;
    expect(watch.confirmed()).toBe(false);
    end(reads[1]);
    await watch.settled();
    expect(watch.confirmed()).toBe(false);
  });
});
