import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { CHANGE_MARKS_TABLE, moveChangeMark, readChangeMarks } from './change-marks';
import { createPool } from './create-pool';

describe('change marks', () => {
  let db: TestDatabase;
  let pool: Pool;
  beforeEach(async () => {
    db = await createTestDatabase();
    await db.pool.query(CHANGE_MARKS_TABLE);
    // One connection, so every look below runs the statement its predecessors prepared.
    pool = createPool(db.url, { max: 1 });
  });
  afterEach(async () => {
    await pool.end();
    await db.drop();
  });

  it('reads the named marks as one string that changes when any of them moves', async () => {
    await moveChangeMark(pool, 'api_keys');
    const before = await readChangeMarks(pool, ['api_keys', 'expert_credentials']);
    expect(before).toBe('api_keys=1');
    await moveChangeMark(pool, 'expert_credentials');
    expect(await readChangeMarks(pool, ['api_keys', 'expert_credentials'])).toBe('api_keys=1,expert_credentials=1');
    expect(await readChangeMarks(pool, [])).toBe('');
  });

  it('is planned once per connection, not on every look', async () => {
    await moveChangeMark(pool, 'api_keys');
    for (let look = 0; look < 10; look++) await readChangeMarks(pool, ['api_keys', 'expert_credentials']);
    const { rows } = await pool.query<{ generic_plans: string; custom_plans: string }>(
      "SELECT generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE statement LIKE '%FROM change_marks%'",
    );
    // PostgreSQL tries five plans for the values at hand before it settles on a reusable one.
    expect(rows.map((row) => [Number(row.custom_plans), Number(row.generic_plans)])).toEqual([[5, 5]]);
  });
});
