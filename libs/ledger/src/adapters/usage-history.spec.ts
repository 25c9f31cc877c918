import { dayRange } from './usage-history';

describe('usage history days', () => {
  it('ends with today (UTC), oldest first', () => {
    expect(dayRange(new Date('2030-03-02T23:59:59.000Z'), 3)).toEqual(['2030-02-28', '2030-03-01', '2030-03-02']);
    expect(dayRange(new Date('2030-03-02T00:00:00.000Z'), 1)).toEqual(['2030-03-02']);
  });
});
