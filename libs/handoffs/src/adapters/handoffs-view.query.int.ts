/** A handoff is looked up by its primary key, whatever plan is cached (see findDeployment's test). */
import { createPool, runMigrations } from '@eh/platform';
import { createTestDatabase, indexScansOf, type TestDatabase } from '@eh/platform/testing';
import type { Pool } from 'pg';
import { handoffsViewMigrations } from './handoffs-view.migrations';
import { findHandoff } from './handoffs-view.query';

describe('findHandoff', () => {
  let db: TestDatabase;
  let pool: Pool;
  const scope = { workspaceId: 'ws_big', mode: 'live' as const };

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, handoffsViewMigrations);
    await db.pool.query(
      `INSERT INTO handoffs_view (id, workspace_id, mode, deployment_id, status, created_at, updated_at, revision, resource)
       SELECT 'ho_' || n, 'ws_big', 'live', 'dep_' || n, 'ready', now(), now(), 2, json_build_object('id', 'ho_' || n) FROM generate_series(1, 2000) AS n`,
    );
    pool = createPool(db.url, { max: 1 });
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('finds a handoff only in its own workspace and mode', async () => {
    expect(await findHandoff(pool, scope, 'ho_7')).toEqual({ id: 'ho_7' });
    expect(await findHandoff(pool, { ...scope, workspaceId: 'ws_other' }, 'ho_7')).toBeNull();
    expect(await findHandoff(pool, { ...scope, mode: 'test' }, 'ho_7')).toBeNull();
  });

  it('reads by the primary key on every call, the cached generic plan included', async () => {
    const before = await indexScansOf(pool, db.pool, 'handoffs_view');
    for (let call = 1; call <= 12; call++) expect(await findHandoff(pool, scope, `ho_${call * 97}`)).not.toBeNull();
    const after = await indexScansOf(pool, db.pool, 'handoffs_view');
    expect(after.handoffs_view_pkey - before.handoffs_view_pkey).toBe(12);
    expect(after.handoffs_view_by_workspace - before.handoffs_view_by_workspace).toBe(0);
  });
});
