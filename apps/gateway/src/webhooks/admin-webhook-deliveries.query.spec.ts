import { DomainError } from '@eh/contracts';
import { checkTimeBounds, parseDeliveriesQuery } from './admin-webhook-deliveries.query';

const refused = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.field;
  }
};

describe('the deliveries filter (found by the API fuzz)', () => {
  it.each(['1', '-0', '2026-02-30', '2026-02-30T00:00:00Z', '0000-01-01', '+275760-09-13T00:00:00Z', 'yesterday'])(
    'refuses %j as a time bound instead of passing it to PostgreSQL',
    (value) => {
      expect(refused(() => checkTimeBounds({ created_before: value }))).toBe('created_before');
      expect(refused(() => parseDeliveriesQuery({ created_after: value }))).toBe('created_after');
    },
  );

  it('normalizes a bound to UTC', () => {
    const filter = { created_after: '2026-02-28T12:00:00+02:00', created_before: '2026-03-01' };
    checkTimeBounds(filter);
    expect(filter).toEqual({ created_after: '2026-02-28T10:00:00.000Z', created_before: '2026-03-01T00:00:00.000Z' });
  });

  it('refuses an unnamed query parameter like any unknown one', () => {
    expect(refused(() => parseDeliveriesQuery({ '': '1' }))).toBe('');
  });
});
