import { runMigrations } from '@eh/platform';
import { createTestDatabase, explainingClient, planNodes, rowsTouched, type TestDatabase } from '@eh/platform/testing';
import { deliveriesViewMigrations } from './deliveries-view.migrations';
import { listDeliveries, type DeliveryFilter } from './deliveries-view.query';

/**
 * A partner's delivery list (GET /v1/webhook_deliveries) is one workspace and mode with optional
 * filters: whatever the filter, its plan reads that workspace's range of an index, never another
 * tenant's rows. Checked with EXPLAIN ANALYZE against PostgreSQL beside 20,000 rows of another
 * workspace, most of them `failed` (the shape a status index would tempt the planner into).
 */
describe('deliveries_view: a partner list reads only its workspace’s rows', () => {
  let db: TestDatabase;
  const plans: { filter: string; index: string | undefined; touched: number }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, deliveriesViewMigrations);
    const insert = (workspace: string, count: number, status: (n: string) => string) =>
      db.pool.query(
        `INSERT INTO deliveries_view (delivery_id, workspace_id, mode, endpoint_id, event_id, event_type, deployment_id, status, created_at, updated_at, revision, resource)
         SELECT '${workspace}_' || n, '${workspace}', 'live', 'we_${workspace}_' || (n % 3), 'evt_' || n, 'deployment.completed', 'dep_${workspace}_' || (n / 4),
                ${status('n')}, now() - n * interval '1 minute', now(), 0, '{}'::json
           FROM generate_series(1, ${count}) AS n`,
      );
    await insert('ws_crowd', 20_000, (n) => `CASE WHEN ${n} % 50 = 0 THEN 'succeeded' ELSE 'failed' END`);
    await insert('ws_small', 60, (n) => `CASE WHEN ${n} % 20 = 0 THEN 'failed' ELSE 'succeeded' END`);
    await db.pool.query('ANALYZE deliveries_view');
    // EXPLAIN of exactly the list's query: the statement it sends, with EXPLAIN in front.
    const explaining = explainingClient(db.pool, ['ANALYZE'], (plan) => {
      const scans = planNodes(plan).filter((node) => node['Relation Name'] === 'deliveries_view');
      plans.push(...scans.map((scan) => ({ filter: '', index: scan['Index Name'] ?? scan['Node Type'], touched: rowsTouched(scan) })));
    });
    const filters: Record<string, DeliveryFilter> = {
      none: {},
      status: { status: 'failed' },
      'event type': { event_type: 'deployment.completed' },
      endpoint: { endpoint_id: 'we_ws_crowd_1' },
      deployment: { deployment_id: 'dep_ws_crowd_7' },
      'wide created range': { created_after: '2000-01-01T00:00:00Z', created_before: '2100-01-01T00:00:00Z', status: 'failed' },
    };
    for (const [name, filter] of Object.entries(filters)) {
      const before = plans.length;
      await listDeliveries(explaining as never, { ...filter, workspace_id: 'ws_small', mode: 'live' }, 100);
      for (const plan of plans.slice(before)) plan.filter = name;
    }
  });
  afterAll(() => db.drop());

  it('every filter is an index scan of the workspace and mode, touching no more rows than the workspace has', () => {
    expect(plans.map((plan) => plan.filter)).toEqual(['none', 'status', 'event type', 'endpoint', 'deployment', 'wide created range']);
    for (const plan of plans) {
      expect(plan).toMatchObject({ index: expect.stringMatching(/^deliveries_view_by_workspace/) });
      expect(plan.touched).toBeLessThanOrEqual(61);
    }
  });
});
