import { MAX_NAMED_TEXTS, statementNameFor } from './named-statements';

describe('statementNameFor', () => {
  it('names a text by its hash, the same each time, within PostgreSQL identifiers', () => {
    const name = statementNameFor('SELECT $1::int');
    expect(name).toBe(statementNameFor('SELECT $1::int'));
    expect(name).not.toBe(statementNameFor('SELECT $1::text'));
    expect(name!.length).toBeLessThanOrEqual(63);
  });

  it('names at most MAX_NAMED_TEXTS texts per process, and keeps naming those', () => {
    const first = statementNameFor('SELECT 0 WHERE $1');
    for (let i = 1; i < MAX_NAMED_TEXTS * 2; i++) statementNameFor(`SELECT ${i} WHERE $1`);
    expect(statementNameFor('SELECT 0 WHERE $1')).toBe(first);
    expect(statementNameFor(`SELECT ${MAX_NAMED_TEXTS * 2} WHERE $1`)).toBeUndefined();
  });
});
