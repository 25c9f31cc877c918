import { runMigrations } from '@eh/platform';
import { createTestDatabase, explainingClient, planNodes, type TestDatabase } from '@eh/platform/testing';
import { listDeployments, type DeploymentListFilters } from './deployments-view.list';
import { deploymentsViewMigrations } from './deployments-view.migrations';

/**
 * Rows carry a resource of a real one's size (about 1 kB): with tiny rows a sequential scan is
 * cheapest whatever the index, and the plan would say nothing about production.
 *
 * GET /v1/deployments?q=: text in the brief is found through the trigram index, led by workspace and
 * mode, not by reading every brief of the workspace; an id is a key lookup. Also checks what is found:
 * case-insensitive substrings, `%` and `_` taken literally, only the caller's workspace and mode.
 */
describe('deployments_view: searching the brief', () => {
  let db: TestDatabase;
  const scope = { workspaceId: 'ws_search', mode: 'live' as const };
  const none: DeploymentListFilters = { statuses: [], skill: null, createdAfter: null, q: null };

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, deploymentsViewMigrations);
    const insert = (workspace: string, mode: string, count: number, brief: string) =>
      db.pool.query(
        `INSERT INTO deployments_view (id, workspace_id, mode, status, skills, created_at, updated_at, revision, resource, brief)
         SELECT 'dep_${workspace}_${mode}_' || n, '${workspace}', '${mode}', 'completed', ARRAY['copywriting'], now() - n * interval '1 minute', now(), 0,
                json_build_object('id', 'dep_${workspace}_${mode}_' || n, 'brief', ${brief}, 'rest', repeat('x', 900)), ${brief}
           FROM generate_series(1, ${count}) AS n`,
      );
    await insert('ws_search', 'live', 10_000, `'Write launch copy for product ' || n || CASE WHEN n % 1000 = 0 THEN ' with Zeppelin tone' ELSE '' END`);
    await insert('ws_search', 'test', 50, `'A zeppelin test brief'`);
    await insert('ws_other', 'live', 50, `'Another zeppelin brief, 100% theirs'`);
    await db.pool.query(
      `INSERT INTO deployments_view (id, workspace_id, mode, status, skills, created_at, updated_at, revision, resource, brief)
       VALUES ('dep_literal', 'ws_search', 'live', 'completed', ARRAY['copywriting'], now() - interval '1 day', now(), 0, '{"id": "dep_literal"}', 'Discount of 100% on a_b')`,
    );
    // As autovacuum leaves a table: statistics and a visibility map (the plan's costs read both).
    await db.pool.query('VACUUM ANALYZE deployments_view');
  });
  afterAll(() => db.drop());

  async function plan(q: string): Promise<string[]> {
    const indexes: string[] = [];
    const explaining = explainingClient(db.pool, [], (plan) => {
      indexes.push(...planNodes(plan).map((node) => node['Index Name'] ?? node['Node Type']));
    });
    await listDeployments(explaining as never, scope, { filters: { ...none, q }, after: null, limit: 20 });
    return indexes;
  }

  it('a rare word is read through the trigram index', async () => {
    expect(await plan('zeppelin')).toContain('deployments_view_brief_search');
    expect(await plan('product 12')).toContain('deployments_view_brief_search');
  });

  it('a word in every brief walks the workspace newest first and stops at the page', async () => {
    const indexes = await plan('launch');
    expect(indexes).toContain('deployments_view_by_workspace');
    expect(indexes).not.toContain('Seq Scan');
  });

  it('an id is a lookup by key', async () => {
    const indexes = await plan('dep_01JD0000000000000000000000');
    expect(indexes).not.toContain('Seq Scan');
  });

  it('finds case-insensitive substrings of the caller’s workspace and mode only, newest first', async () => {
    const page = await listDeployments(db.pool as never, scope, { filters: { ...none, q: 'ZEPPELIN' }, after: null, limit: 20 });
    expect(page.deployments.map((d) => d.id)).toEqual(Array.from({ length: 10 }, (_, i) => `dep_ws_search_live_${(i + 1) * 1000}`));
  });

  it('takes % and _ literally', async () => {
    const percent = await listDeployments(db.pool as never, scope, { filters: { ...none, q: '100%' }, after: null, limit: 20 });
    expect(percent.deployments.map((d) => d.id)).toEqual(['dep_literal']);
    const underscore = await listDeployments(db.pool as never, scope, { filters: { ...none, q: 'a_b' }, after: null, limit: 20 });
    expect(underscore.deployments.map((d) => d.id)).toEqual(['dep_literal']);
  });

  it('pages through the matches with the keyset, neither skipping nor repeating', async () => {
    const first = await listDeployments(db.pool as never, scope, { filters: { ...none, q: 'zeppelin' }, after: null, limit: 4 });
    const second = await listDeployments(db.pool as never, scope, { filters: { ...none, q: 'zeppelin' }, after: first.last, limit: 4 });
    const third = await listDeployments(db.pool as never, scope, { filters: { ...none, q: 'zeppelin' }, after: second.last, limit: 4 });
    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, true, false]);
    expect([...first.deployments, ...second.deployments, ...third.deployments].map((d) => d.id)).toHaveLength(10);
    expect(new Set([...first.deployments, ...second.deployments, ...third.deployments].map((d) => d.id)).size).toBe(10);
  });
});
