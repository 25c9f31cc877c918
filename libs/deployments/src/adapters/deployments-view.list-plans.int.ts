import { runMigrations } from '@eh/platform';
import { createTestDatabase, explainingClient, planNodes, rowsTouched, type TestDatabase } from '@eh/platform/testing';
import { listDeployments, type DeploymentListRequest } from './deployments-view.list';
import { deploymentsViewMigrations } from './deployments-view.migrations';

/**
 * GET /v1/deployments is one workspace and mode, keyset-paginated, with optional filters
 * (statuses, a skill, created_after): whatever the filter, its plan reads that workspace's range of
 * an index, never another tenant's rows (EXPLAIN ANALYZE beside 20,000 rows of another workspace).
 */
describe('deployments_view: GET /v1/deployments reads only its workspace’s rows', () => {
  let db: TestDatabase;
  const plans: { filter: string; index: string; touched: number }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, deploymentsViewMigrations);
    const insert = (workspace: string, count: number, status: string, skill: string) =>
      db.pool.query(
        `INSERT INTO deployments_view (id, workspace_id, mode, status, skills, created_at, updated_at, revision, resource)
         SELECT 'dep_${workspace}_' || n, '${workspace}', 'live', ${status}, ARRAY[${skill}], now() - n * interval '1 minute', now(), 0, '{}'::json
           FROM generate_series(1, ${count}) AS n`,
      );
    await insert('ws_crowd', 20_000, `CASE WHEN n % 50 = 0 THEN 'completed' ELSE 'needs_input' END`, `'rare-skill'`);
    await insert('ws_small', 60, `CASE WHEN n % 20 = 0 THEN 'needs_input' ELSE 'completed' END`, `'copywriting'`);
    await db.pool.query('ANALYZE deployments_view');
    const explaining = explainingClient(db.pool, ['ANALYZE'], (plan) => {
      const scans = planNodes(plan).filter((node) => node['Relation Name'] === 'deployments_view');
      plans.push(...scans.map((scan) => ({ filter: '', index: scan['Index Name'] ?? scan['Node Type'], touched: rowsTouched(scan) })));
    });
    const none = { statuses: [], skill: null, createdAfter: null, q: null };
    const requests: Record<string, DeploymentListRequest> = {
      none: { filters: none, after: null, limit: 100 },
      'a status rare for the caller, common for another': { filters: { ...none, statuses: ['needs_input'] }, after: null, limit: 100 },
      'a skill only another workspace uses': { filters: { ...none, skill: 'rare-skill' }, after: null, limit: 100 },
      'a wide created range from a deep cursor': {
        filters: { ...none, createdAfter: '2000-01-01T00:00:00Z' },
        after: { createdAt: '2100-01-01T00:00:00.000000Z', id: 'dep_z' },
        limit: 100,
      },
    };
    for (const [name, request] of Object.entries(requests)) {
      const before = plans.length;
      await listDeployments(explaining as never, { workspaceId: 'ws_small', mode: 'live' }, request);
      for (const plan of plans.slice(before)) plan.filter = name;
    }
  });
  afterAll(() => db.drop());

  it('every filter is an index scan of the workspace and mode, touching no more rows than the workspace has', () => {
    expect(plans.map((plan) => plan.filter)).toHaveLength(4);
    for (const plan of plans) {
      expect(plan).toMatchObject({ index: expect.stringMatching(/^deployments_view_by_workspace/) });
      expect(plan.touched).toBeLessThanOrEqual(61);
    }
  });
});
