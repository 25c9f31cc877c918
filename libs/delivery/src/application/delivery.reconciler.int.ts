/**
 * The reconciler re-derives attempt jobs from deliveries_view, and leaves alone a
 * delivery this process is attempting now without a job (FirstAttempts).
 */
import { runMigrations } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { deliveriesViewMigrations } from '../adapters/deliveries-view.migrations';
import type { AttemptQueue } from './attempt-scheduler.port';
import { DeliveryReconciler } from './delivery.reconciler';

const NOW = new Date('2030-01-01T00:00:00.000Z');

/** A queue that has no job at all, recording what it was asked to ensure. */
function emptyQueue(): AttemptQueue & { ensured: string[] } {
  const ensured: string[] = [];
  return {
    ensured,
    enqueue: async () => undefined,
    ensure: async (deliveryId, attempt) => {
      ensured.push(`${deliveryId}#${attempt}`);
      return 'added';
    },
  };
}

describe('DeliveryReconciler', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, deliveriesViewMigrations);
    await db.pool.query(
      `INSERT INTO deliveries_view (delivery_id, workspace_id, endpoint_id, event_id, event_type, deployment_id, status, next_attempt, next_attempt_at, created_at, updated_at, revision, resource)
       VALUES ('del_first', 'ws_1', null, 'evt_1', 'deployment.accepted', 'dep_1', 'scheduled', 1, $1, $1, $1, 0, '{}'),
              ('del_retry', 'ws_1', null, 'evt_2', 'deployment.accepted', 'dep_1', 'retrying', 2, $1, $1, $1, 1, '{}'),
              ('del_done', 'ws_1', null, 'evt_3', 'deployment.accepted', 'dep_1', 'succeeded', null, null, $1, $1, 2, '{}')`,
      [NOW],
    );
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('ensures a job for every pending delivery due', async () => {
    const queue = emptyQueue();
    const report = await new DeliveryReconciler(db.pool, queue, 30_000, () => NOW).runOnce();
    expect(queue.ensured.sort()).toEqual(['del_first#1', 'del_retry#2']);
    expect(report).toEqual({ checked: 2, added: 2, revived: 0 });
  });

  it('skips a delivery this process is attempting, which has no job on purpose', async () => {
    const queue = emptyQueue();
    const attempting = new Set(['del_first']);
    await new DeliveryReconciler(
      db.pool,
      queue,
      30_000,
      () => NOW,
      (deliveryId) => attempting.has(deliveryId),
    ).runOnce();
    expect(queue.ensured).toEqual(['del_retry#2']);
  });
});
