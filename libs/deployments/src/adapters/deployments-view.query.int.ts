/**
 * A deployment is looked up by its primary key, whatever plan PostgreSQL caches for the
 * named statement. With the workspace and mode in the WHERE clause, the generic plan (from the
 * sixth call on a connection) scanned the (workspace_id, mode, …) index: work that grew with the
 * workspace, on every GET. Seen in bench:load on a table not yet analysed, as here.
 */
import { createPool, runMigrations } from '@eh/platform';
import { createTestDatabase, indexScansOf, type TestDatabase } from '@eh/platform/testing';
import type { Pool } from 'pg';
import { deploymentsViewMigrations } from './deployments-view.migrations';
import { findDeployment } from './deployments-view.query';

const WORKSPACE = 'ws_big';
const ROWS = 2_000;

describe('findDeployment', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, deploymentsViewMigrations);
    await db.pool.query(
      `INSERT INTO deployments_view (id, workspace_id, mode, status, skills, created_at, updated_at, revision, resource)
       SELECT 'dep_' || n, $1, 'test', 'completed', ARRAY['naming'], now(), now(), 3, json_build_object('id', 'dep_' || n)
         FROM generate_series(1, $2) AS n`,
      [WORKSPACE, ROWS],
    );
    // One connection, statements named as in the services: the plan cached is the one every GET uses.
    pool = createPool(db.url, { max: 1 });
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  const indexScans = (): Promise<Record<string, number>> => indexScansOf(pool, db.pool, 'deployments_view');

  it('finds a deployment only in its own workspace and mode', async () => {
    expect(await findDeployment(pool, { workspaceId: WORKSPACE, mode: 'test' }, 'dep_7')).toEqual({ id: 'dep_7' });
    expect(await findDeployment(pool, { workspaceId: 'ws_other', mode: 'test' }, 'dep_7')).toBeNull();
    expect(await findDeployment(pool, { workspaceId: WORKSPACE, mode: 'live' }, 'dep_7')).toBeNull();
    expect(await findDeployment(pool, { workspaceId: WORKSPACE, mode: 'test' }, 'dep_missing')).toBeNull();
  });

  it('reads by the primary key on every call, the cached generic plan included', async () => {
    const before = await indexScans();
    const calls = 12;
    for (let call = 1; call <= calls; call++) expect(await findDeployment(pool, { workspaceId: WORKSPACE, mode: 'test' }, `dep_${call * 97}`)).not.toBeNull();
    const after = await indexScans();
    expect(after.deployments_view_pkey - before.deployments_view_pkey).toBe(calls);
    expect(after.deployments_view_by_workspace - before.deployments_view_by_workspace).toBe(0);
    expect(after.deployments_view_by_workspace_status - before.deployments_view_by_workspace_status).toBe(0);
  });
});
