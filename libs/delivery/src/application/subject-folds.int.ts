/**
 * SubjectFolds gives every public event the subject the fan-out used to read back from
 * PostgreSQL, without reading, when it has seen the stream's events in order; and reads (then
 * follows from there) whenever it cannot continue a fold.
 */
import { deploymentStreamName } from '@eh/contracts';
import { PostgresEventStore, type EventStore, type RecordedEvent } from '@eh/event-store';
import { runMigrations } from '@eh/platform';
import { createTestDatabase, type TestDatabase } from '@eh/platform/testing';
import { allMigrations, inlineProjections } from '../../../../test/support/all-contexts';
import { DeploymentHistory } from '../../../../test/support/deployment-history';
import { subjectOf } from './public-event';
import { SubjectFolds } from './subject-folds';

describe('SubjectFolds against the real store', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let events: RecordedEvent[];
  let reads: number;
  let counted: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.pool, allMigrations);
    store = new PostgresEventStore(db.pool, { inlineProjections });
    const history = new DeploymentHistory(db.pool);
    const deploymentId = await history.append({ workspaceId: 'ws_folds', mode: 'live', status: 'completed', createdAt: '2030-01-01T00:00:00.000Z' });
    await history.close();
    events = await store.read(deploymentStreamName(deploymentId));
    counted = new Proxy(store, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'read' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return (...args: unknown[]) => ((reads += 1), (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
  });

  beforeEach(() => {
    reads = 0;
  });

  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  /** What the fan-out does with each event: fold it, and for a public one, ask its subject. */
  async function feed(folds: SubjectFolds, seen: readonly RecordedEvent[]): Promise<unknown[]> {
    const subjects: unknown[] = [];
    for (const event of seen) {
      folds.follow(event);
      const subject = await folds.subjectOf(event);
      if (subject) subjects.push(subject);
    }
    return subjects;
  }

  async function readBack(seen: readonly RecordedEvent[]): Promise<unknown[]> {
    const subjects: unknown[] = [];
    for (const event of seen) {
      const subject = await subjectOf(store, event);
      if (subject) subjects.push(subject);
    }
    return subjects;
  }

  it('has public events in its history (the test would prove nothing otherwise)', async () => {
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect((await readBack(events)).length).toBeGreaterThanOrEqual(3);
  });

  it('a stream seen from its start: the same subjects as read back, and no read', async () => {
    const subjects = await feed(new SubjectFolds(counted), events);
    expect(reads).toBe(0);
    expect(subjects).toEqual(await readBack(events));
  });

  it('a stream joined midway (a restart): one read, then followed', async () => {
    const joined = events.slice(2);
    const subjects = await feed(new SubjectFolds(counted), joined);
    expect(reads).toBe(1);
    expect(subjects).toEqual(await readBack(joined));
  });

  it('events out of order (several pullers): each subject is still the one right after its event', async () => {
    const shuffled = [events[0], events[3], events[1], events[2], ...events.slice(4)];
    const subjects = await feed(new SubjectFolds(counted), shuffled);
    expect(reads).toBeGreaterThan(0);
    expect(subjects).toEqual(await readBack(shuffled));
  });

  it('an event seen twice (a redelivery) gets the same subject again', async () => {
    const folds = new SubjectFolds(counted);
    await feed(folds, events);
    const again = await feed(folds, [events[events.length - 1]]);
    expect(again).toEqual(await readBack([events[events.length - 1]]));
  });

  it('a forgotten stream (bounded memory) is read again', async () => {
    const folds = new SubjectFolds(counted, 1);
    await feed(folds, events.slice(0, 2));
    folds.follow({ ...events[0], streamName: 'deployment-dep_other' });
    await feed(folds, events.slice(2));
    expect(reads).toBe(1);
  });
});
