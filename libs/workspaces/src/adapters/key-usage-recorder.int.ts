import { runMigrations } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { KeyUsageRecorder } from './key-usage-recorder';
import { workspacesViewMigrations } from './workspaces-view.migrations';

/** Counts the statements the recorder sends, and can be made to fail them. */
function countingClient(db: TestDatabase) {
  const client = {
    statements: 0,
    failing: false,
    query: async (text: string, params?: unknown[]) => {
      client.statements++;
      if (client.failing) throw new Error('connection lost');
      return db.pool.query(text, params);
    },
  };
  return client;
}

describe('key usage recorder', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, workspacesViewMigrations);
  });
  afterEach(() => db.drop());

  const lastUsed = async (): Promise<Record<string, string>> => {
    const { rows } = await db.pool.query<{ key_id: string; at: string }>('SELECT key_id, last_used_at::text AS at FROM api_key_usage ORDER BY key_id');
    return Object.fromEntries(rows.map((row) => [row.key_id, new Date(row.at).toISOString()]));
  };

  it('writes the keys used within a batch in one statement, each at most once a period', async () => {
    const sql = countingClient(db);
    const recorder = new KeyUsageRecorder(sql, { everyMs: 60_000, batchMs: 60_000 });
    const at = new Date('2026-12-03T10:00:00.000Z');
    for (const keyId of ['a', 'b', 'c', 'a', 'b']) recorder.touch(keyId, at);
    recorder.touch('a', new Date(at.getTime() + 59_000));
    await recorder.flush();
    expect(sql.statements).toBe(1);
    expect(await lastUsed()).toEqual({ a: at.toISOString(), b: at.toISOString(), c: at.toISOString() });
    // A period later the key is written again; nothing pending writes nothing.
    const later = new Date(at.getTime() + 60_000);
    recorder.touch('a', later);
    await recorder.flush();
    await recorder.flush();
    expect(sql.statements).toBe(2);
    expect((await lastUsed()).a).toBe(later.toISOString());
  });

  it('writes on its own after the batch time, and never moves a row back', async () => {
    const sql = countingClient(db);
    const recorder = new KeyUsageRecorder(sql, { batchMs: 20 });
    const at = new Date('2026-12-03T10:00:00.000Z');
    await db.pool.query("INSERT INTO api_key_usage (key_id, last_used_at) VALUES ('newer', $1)", [new Date(at.getTime() + 1000)]);
    recorder.touch('newer', at);
    recorder.touch('fresh', at);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sql.statements).toBe(1);
    expect(await lastUsed()).toEqual({ fresh: at.toISOString(), newer: new Date(at.getTime() + 1000).toISOString() });
  });

  it('forgets a batch it could not write, so each key’s next use writes it', async () => {
    const sql = countingClient(db);
    const recorder = new KeyUsageRecorder(sql, { batchMs: 60_000 });
    const at = new Date('2026-12-03T10:00:00.000Z');
    sql.failing = true;
    recorder.touch('a', at);
    await expect(recorder.flush()).resolves.toBeUndefined();
    sql.failing = false;
    recorder.touch('a', new Date(at.getTime() + 1000));
    await recorder.flush();
    expect(await lastUsed()).toEqual({ a: new Date(at.getTime() + 1000).toISOString() });
  });
});
