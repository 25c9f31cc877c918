/**
 * The subjects of public events, found without reading each back: a replay's page reads each
 * stream once (BatchSubjectStates), and the fan-out's folds (SubjectFolds) read none when they have
 * seen the stream's events in order, reading (then following from there) whenever they cannot
 * continue. Either finds the same subjects as reading the stream back for every event does.
 */
import { deploymentStreamName } from '@eh/contracts';
import type { EventStore, RecordedEvent } from '@eh/event-store';
import { countingReads, postgresStorePerSuite } from '@eh/event-store/testing';
import { allMigrations, inlineProjections } from '../../../../test/support/all-contexts';
import { DeploymentHistory } from '../../../../test/support/deployment-history';
import { BatchSubjectStates, subjectFrom, subjectOf } from './public-event';
import { SubjectFolds } from './subject-folds';

describe('Subjects of public events against the real store', () => {
  const env = postgresStorePerSuite(allMigrations, { inlineProjections });
  /** Three deployments' events, interleaved as a workspace's are in the store. */
  let page: RecordedEvent[];
  /** One deployment's events, in order. */
  let events: RecordedEvent[];
  let reads: number;
  let counted: EventStore;

  beforeAll(async () => {
    const history = new DeploymentHistory(env.db.pool);
    const ids: string[] = [];
    for (const status of ['completed', 'cancelled', 'completed'] as const)
      ids.push(await history.append({ workspaceId: 'ws_batch', mode: 'live', status, createdAt: '2030-01-01T00:00:00.000Z' }));
    const deploymentId = await history.append({ workspaceId: 'ws_folds', mode: 'live', status: 'completed', createdAt: '2030-01-01T00:00:00.000Z' });
    await history.close();
    const streams = await Promise.all(ids.map((id) => env.store.read(deploymentStreamName(id))));
    page = [];
    for (let index = 0; index < Math.max(...streams.map((stream) => stream.length)); index++)
      for (const stream of streams) if (stream[index]) page.push(stream[index]);
    events = await env.store.read(deploymentStreamName(deploymentId));
    counted = countingReads(env.store, () => (reads += 1));
  });

  beforeEach(() => {
    reads = 0;
  });

  describe('BatchSubjectStates', () => {
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
      const states = new BatchSubjectStates(env.store);
      const ofFirst = page.filter((event) => event.streamName === page[0].streamName);
      const last = ofFirst[ofFirst.length - 1];
      const first = ofFirst.find((event) => event.type !== 'deployment.created' && event.type.startsWith('deployment.')) ?? ofFirst[1];
      await subjectFrom(last, states);
      expect(await subjectFrom(first, states)).toEqual(await subjectOf(env.store, first));
    });
  });

  describe('SubjectFolds', () => {
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
        const subject = await subjectOf(env.store, event);
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
});
