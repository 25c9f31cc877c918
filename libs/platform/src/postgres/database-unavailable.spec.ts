import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('is true for refused and lost connections, pool and query timeouts, and a server that is shutting down or starting', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')]),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('terminating connection due to idle-in-transaction timeout', '25P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connection failure', '08006'),
      // As runMigrations wraps it.
      new Error('migration event-store/001-events failed: Query read timeout', { cause: new Error('Query read timeout') }),
    ]) {
      expect([error.message, isDatabaseUnavailable(error)]).toEqual([error.message, true]);
    }
  });

  it('is false for faults of the query or the data, and for anything that is not an error', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint "events_event_id_key"', '23505'),
      withCode('relation "events" does not exist', '42P01'),
      withCode('unsupported Unicode escape sequence', '22P05'),
      withCode('refused by test', 'P0001'),
      withCode('deadlock detected', '40P01'),
      new Error('an unexpected failure'),
      'Query read timeout',
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
