import { explainPlan, planNodes, rowsTouched } from '@eh/platform/testing';
import type { NewEvent } from '../event-store.port';
import { eventStoreMigrations } from './event-store.migrations';
import { postgresStorePerSuite } from '../testing/postgres-store-per-suite';

const TYPES = ['deployment.accepted', 'deployment.completed'];

const event = (workspaceId: string, n: number, type = 'deployment.accepted'): NewEvent => ({
  id: `evt_${workspaceId}_${n}`,
  type,
  data: { n },
  metadata: { workspace_id: workspaceId, correlation_id: `cor_${n}`, causation_id: null, schema_version: 1, occurred_at: '2030-01-01T00:00:00.000Z' },
});

/** A workspace's replay reads that workspace's range of an index, whatever other tenants store. */
describe('PostgresEventStore.readWorkspace', () => {
  const env = postgresStorePerSuite(eventStoreMigrations);

  beforeAll(async () => {
    // Workspace A: 30 events over three streams, one type a replay does not want among them.
    for (let s = 0; s < 3; s++) {
      await env.store.append(
        `deployment-dep_a${s}`,
        Array.from({ length: 10 }, (_, i) => event('ws_a', s * 10 + i, i === 5 ? 'deployment.created' : 'deployment.accepted')),
        'no_stream',
      );
    }
    // Workspace B: 5,000 events, stored in one statement (as fast as it gets) after and around A's.
    await env.db.pool.query(
      `INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata)
       SELECT 'evt_b_' || n, 'deployment-dep_b' || (n / 10), n % 10, 'deployment.accepted', '{}'::jsonb,
              jsonb_build_object('workspace_id', 'ws_b', 'correlation_id', 'c', 'causation_id', null, 'schema_version', 1, 'occurred_at', '2030-01-01T00:00:00.000Z')
         FROM generate_series(0, 4999) AS n`,
    );
    await env.store.append('deployment-dep_a9', [event('ws_a', 99, 'deployment.completed')], 'no_stream');
    await env.db.pool.query('ANALYZE events');
  });

  it('returns only the workspace’s events of the types asked, in env.store order, after the checkpoint, at most the limit', async () => {
    const all = await env.store.readWorkspace('ws_a', '0:0', 100, TYPES);
    expect(all.map((e) => e.id)).toEqual([...[0, 1, 2].flatMap((s) => [0, 1, 2, 3, 4, 6, 7, 8, 9].map((i) => `evt_ws_a_${s * 10 + i}`)), 'evt_ws_a_99']);
    expect(all.every((e) => e.metadata.workspace_id === 'ws_a')).toBe(true);
    const firstFive = await env.store.readWorkspace('ws_a', null, 5, TYPES);
    expect(firstFive).toHaveLength(5);
    const rest = await env.store.readWorkspace('ws_a', firstFive[4].checkpoint, 100, TYPES);
    expect([...firstFive, ...rest].map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(await env.store.readWorkspace('ws_none', '0:0', 100, TYPES)).toEqual([]);
  });

  it('reads an index range of the workspace: rows touched follow its own events, not the 5,000 of another', async () => {
    const plan = await explainPlan(
      env.db.pool,
      `SELECT event_id FROM events
        WHERE metadata ->> 'workspace_id' = $1 AND (transaction_id, global_position) > ($2::xid8, $3::bigint) AND event_type = ANY($5::text[])
        ORDER BY transaction_id, global_position LIMIT $4`,
      ['ws_a', '0', '0', 100, TYPES],
      ['ANALYZE', 'BUFFERS'],
    );
    const scans = planNodes(plan).filter((node) => node['Relation Name'] === 'events');
    expect(scans.map((node) => [node['Node Type'], node['Index Name']])).toEqual([['Index Scan', 'events_workspace_order']]);
    // Every row the scan took from the index is A's: 31 rows, 3 of them dropped by type; none of B's.
    expect(rowsTouched(scans[0])).toBe(31);
  });
});
