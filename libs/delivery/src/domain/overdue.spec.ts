import { isOverdue, overdueBefore, withOverdue } from './overdue';

const NOW = new Date('2026-12-01T12:00:00.000Z');
const minutesAgo = (minutes: number): string => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('overdue retries', () => {
  it.each([
    ['retrying', minutesAgo(2), true],
    ['scheduled', minutesAgo(2), true],
    ['retrying', minutesAgo(1), false],
    ['retrying', minutesAgo(0.5), false],
    ['retrying', new Date(NOW.getTime() + 60_000).toISOString(), false],
    ['succeeded', null, false],
    ['failed', null, false],
    ['dead_lettered', null, false],
    ['retrying', null, false],
  ] as const)('%s due at %s → %s (threshold 60 s)', (status, next, expected) => {
    expect(isOverdue({ status, next_attempt_at: next }, NOW, 60_000)).toBe(expected);
  });

  it('adds the field without changing the rest, and gives the SQL bound', () => {
    const delivery = { status: 'retrying', next_attempt_at: minutesAgo(5), id: 'del_1' } as never;
    expect(withOverdue(delivery, NOW, 60_000)).toEqual({ status: 'retrying', next_attempt_at: minutesAgo(5), id: 'del_1', overdue: true });
    expect(overdueBefore(NOW, 60_000)).toBe(minutesAgo(1));
  });
});
