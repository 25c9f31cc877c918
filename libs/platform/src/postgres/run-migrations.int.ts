import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { runMigrations } from './run-migrations';
import { createPool } from './create-pool';

describe('runMigrations', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await db.drop();
  });

  const migrations = [
    { id: 'test/001-things', sql: 'CREATE TABLE things (id int PRIMARY KEY)' },
    { id: 'test/002-thing-names', sql: 'ALTER TABLE things ADD COLUMN name text' },
  ];

  it('applies each migration once, in order, and records it', async () => {
    expect(await runMigrations(db.pool, migrations)).toEqual(['test/001-things', 'test/002-thing-names']);
    expect(await runMigrations(db.pool, migrations)).toEqual([]);
    const more = [...migrations, { id: 'test/003-seed', sql: "INSERT INTO things VALUES (1, 'one')" }];
    expect(await runMigrations(db.pool, more)).toEqual(['test/003-seed']);
    const { rows } = await db.pool.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY applied_at, id');
    expect(rows.map((r) => r.id)).toEqual(more.map((m) => m.id));
  });

  it('is safe when several services start at once', async () => {
    // Separate pools, as separate processes would have.
    const pools = Array.from({ length: 5 }, () => createPool(db.url, { max: 2 }));
    try {
      const applied = await Promise.all(pools.map((pool) => runMigrations(pool, migrations)));
      expect(applied.flat().sort()).toEqual(migrations.map((m) => m.id).sort());
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('rolls a failing migration back and records nothing for it', async () => {
    const failing = [migrations[0]!, { id: 'test/002-broken', sql: 'CREATE TABLE half (id int); SELECT nope' }];
    await expect(runMigrations(db.pool, failing)).rejects.toThrow(/test\/002-broken/);
    const tables = await db.pool.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half'");
    expect(tables.rows).toHaveLength(0);
    const { rows } = await db.pool.query<{ id: string }>('SELECT id FROM schema_migrations');
    expect(rows.map((r) => r.id)).toEqual(['test/001-things']);
  });
});
