/**
 * A replay's page finds every event's subject with each stream read once, and finds the same
 * subjects as reading the stream back for every event does.
 */
import { deploymentStreamName } from '@eh/contracts';
import { PostgresEventStore, type EventStore, type RecordedEvent } from '@eh/event-store';
import { runMigrations } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { allMigrations, inlineProjections } from '../../../../test/support/all-contexts';
import { DeploymentHistory } from '../../../../test/support/deployment-history';
import { BatchSubjectStates, subjectFrom, subjectOf } from './public-event';

describe('BatchSubjectStates against the real store', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let page: RecordedEvent[];
  let reads: number;
  let counted: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, allMigrations);
    store = new PostgresEventStore(db.pool, { inlineProjections });
    const history = new DeploymentHistory(db.pool);
    const ids: string[] = [];
    for (const status of ['completed', 'cancelled', 'completed'] as const) ids.push(await history.append({ workspaceId: 'ws_batch', mode: 'live', status, createdAt: '2030-01-01T00:00:00.000Z' }));
    await history.close();
    // Interleaved as a workspace's events are in the store: streams alternate within a page.
    const streams = await Promise.all(ids.map((id) => store.read(deploymentStreamName(id))));
    page = [];
    for (let index = 0; index < Math.max(...streams.map((events) => events.length)); index++) for (const events of streams) if (events[index]) page.push(events[index]);
    counted = new Proxy(store, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'read' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return (...args: unknown[]) => ((reads += 1), (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
  });

  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('gives each event the subject read back for it, reading each stream once', async () => {
    reads = 0;
    const expected = [];
    for (const event of page) expected.push(await subjectOf(counted, event));
    const readBackReads = reads;
    reads = 0;
    const states = new BatchSubjectStates(counted);
    const batched = [];
    for (const event of page) batched.push(await subjectFrom(event, states));
    expect(batched).toEqual(expected);
    expect(expected.filter((subject) => subject !== null).length).toBeGreaterThanOrEqual(6);
    expect(readBackReads).toBeGreaterThanOrEqual(6);
    expect(reads).toBe(3);
  });

  it('folds from the start again when asked out of order', async () => {
    const states = new BatchSubjectStates(store);
    const ofFirst = page.filter((event) => event.streamName === page[0].streamName);
    const last = ofFirst[ofFirst.length - 1];
    const first = ofFirst.find((event) => event.type !== 'deployment.created' && event.type.startsWith('deployment.')) ?? ofFirst[1];
    await subjectFrom(last, states);
    expect(await subjectFrom(first, states)).toEqual(await subjectOf(store, first));
  });
});
