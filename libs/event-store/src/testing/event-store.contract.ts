import { EventIdConflictError } from '../event-id-conflict.error';
import { WrongExpectedVersionError, type EventStore, type NewEvent } from '../event-store.port';
import { waitUntil } from '@eh/platform/testing';
import { newEvent, newEvents, newStreamName } from './contract-fixtures';
import { describeReadAllContract } from './read-all.contract';

/** A write whose position is taken but whose transaction has not committed yet. */
export interface PendingAppend {
  /** The adapter's insert order (PostgreSQL: global_position), to check the scenario's setup. */
  position: bigint;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export interface EventStoreContractFixture {
  store: EventStore;
  cleanup(): Promise<void>;
  /**
   * Opens a transaction that writes `event` to `streamName` and leaves it open. Adapters that
   * can hold a write uncommitted provide it, so the suite can prove readAll never skips an
   * event whose transaction commits after a later-positioned one.
   */
  beginPendingAppend?(streamName: string, event: NewEvent): Promise<PendingAppend>;
}

export type EventStoreContractFactory = () => Promise<EventStoreContractFixture>;

/** The behaviour every EventStore adapter must show. */
export function describeEventStoreContract(name: string, factory: EventStoreContractFactory): void {
  describe(`EventStore contract: ${name}`, () => {
    let fixture: EventStoreContractFixture;
    const store = (): EventStore => fixture.store;

    beforeAll(async () => {
      fixture = await factory();
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    describe('expected version', () => {
      it('no_stream: accepts a new stream, rejects an existing one', async () => {
        const stream = newStreamName();
        const first = await store().append(stream, newEvents(2), 'no_stream');
        expect(first.nextExpectedRevision).toBe(1);
        const conflict = store().append(stream, newEvents(1), 'no_stream');
        await expect(conflict).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(conflict).rejects.toMatchObject({ streamName: stream, expected: 'no_stream', actualRevision: 1 });
      });

      it('stream_exists: rejects a missing stream, accepts an existing one', async () => {
        const stream = newStreamName();
        await expect(store().append(stream, newEvents(1), 'stream_exists')).rejects.toMatchObject({
          code: 'wrong_expected_version',
          actualRevision: -1,
        });
        await store().append(stream, newEvents(1), 'no_stream');
        const result = await store().append(stream, newEvents(1), 'stream_exists');
        expect(result.nextExpectedRevision).toBe(1);
      });

      it('any: appends whatever the stream holds', async () => {
        const stream = newStreamName();
        expect((await store().append(stream, newEvents(1), 'any')).nextExpectedRevision).toBe(0);
        expect((await store().append(stream, newEvents(3), 'any')).nextExpectedRevision).toBe(3);
      });

      it('exact revision: accepts the current one, rejects a stale one with the actual revision', async () => {
        const stream = newStreamName();
        await store().append(stream, newEvents(1), 'no_stream');
        const next = await store().append(stream, newEvents(2), 0);
        expect(next.nextExpectedRevision).toBe(2);
        await expect(store().append(stream, newEvents(1), 0)).rejects.toMatchObject({
          name: 'WrongExpectedVersionError',
          expected: 0,
          actualRevision: 2,
        });
        await expect(store().append(newStreamName(), newEvents(1), 0)).rejects.toMatchObject({ actualRevision: -1 });
      });
    });

    describe('read', () => {
      it('returns an empty array for a missing stream', async () => {
        expect(await store().read(newStreamName())).toEqual([]);
      });

      it('returns the events in revision order with their envelope', async () => {
        const stream = newStreamName('order');
        // Twelve, so that revision 10 must sort after revision 9.
        const events = [newEvent('order.placed', { total: 3, lines: ['a'] }), newEvent('order.paid', null), ...newEvents(10)];
        const result = await store().append(stream, events, 'no_stream');
        const read = await store().read(stream);
        expect(read.map((e) => [e.id, e.type, e.data, e.metadata, e.streamName, e.streamRevision])).toEqual(
          events.map((e, revision) => [e.id, e.type, e.data, e.metadata, stream, revision]),
        );
        expect(read[11]?.checkpoint).toBe(result.checkpoint);
        for (const event of read) expect(new Date(event.recordedAt).toISOString()).toBe(event.recordedAt);
      });
    });

    it('50 concurrent appends with the same expected version: exactly one wins', async () => {
      const stream = newStreamName();
      await store().append(stream, newEvents(1), 'no_stream');
      const attempts = Array.from({ length: 50 }, () => newEvents(2));
      const outcomes = await Promise.allSettled(attempts.map((events) => store().append(stream, events, 0)));
      const winners = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
      const losers = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(49);
      for (const loser of losers) {
        expect(loser).toBeInstanceOf(WrongExpectedVersionError);
        expect(loser).toMatchObject({ actualRevision: 2 });
      }
      const stored = await store().read(stream);
      expect(stored.slice(1).map((e) => e.id)).toEqual(attempts[winners[0] ?? -1]?.map((e) => e.id));
    });

    describe('idempotent append', () => {
      it('a retried append with the same event ids returns the first result and stores nothing twice', async () => {
        const stream = newStreamName();
        const events = newEvents(2);
        const first = await store().append(stream, events, 'no_stream');
        expect(first.repeated).toBeUndefined();
        // The first result, marked as a repeat (a reactor's redelivery tells "done before" from "done now").
        const repeat = { ...first, repeated: true };
        expect(await store().append(stream, events, 'no_stream')).toEqual(repeat);
        expect(await store().append(stream, events, 'any')).toEqual(repeat);
        await store().append(stream, newEvents(1), 1);
        // Still the first result, although the stream has moved on since.
        expect(await store().append(stream, events, 'no_stream')).toEqual(repeat);
        expect((await store().read(stream)).map((e) => e.id)).toHaveLength(3);
      });

      it('event ids stored in another stream are an error', async () => {
        const events = newEvents(1);
        await store().append(newStreamName(), events, 'no_stream');
        const other = newStreamName();
        await expect(store().append(other, events, 'any')).rejects.toBeInstanceOf(EventIdConflictError);
        await expect(store().append(other, [newEvent(), ...events], 'no_stream')).rejects.toBeInstanceOf(EventIdConflictError);
        expect(await store().read(other)).toEqual([]);
      });
    });

    describe('waitForAppend', () => {
      it('resolves on an append, long before its timeout', async () => {
        await store().waitForAppend(1); // starts the adapter's listener, if it has one
        const started = Date.now();
        const woken = store().waitForAppend(30_000);
        await store().append(newStreamName(), newEvents(1), 'no_stream');
        await woken;
        expect(Date.now() - started).toBeLessThan(15_000);
      });

      it('resolves at once for an append heard after `after`, and waits without one', async () => {
        await store().waitForAppend(1); // starts the adapter's listener, if it has one
        const before = store().appendsHeard();
        await store().append(newStreamName(), newEvents(1), 'no_stream');
        await waitUntil(async () => store().appendsHeard() > before, { description: 'the append heard' });
        const started = Date.now();
        await store().waitForAppend(30_000, undefined, before);
        expect(Date.now() - started).toBeLessThan(1_000);
        const quiet = Date.now();
        await store().waitForAppend(300, undefined, store().appendsHeard());
        expect(Date.now() - quiet).toBeGreaterThanOrEqual(250);
      });

      it('does not end the wait for an append to a stream `wakesFor` rejects, heard before the call or during it', async () => {
        await store().waitForAppend(1); // starts the adapter's listener, if it has one
        const passedOver = newStreamName();
        const wakesFor = (streamName: string) => streamName !== passedOver;
        const before = store().appendsHeard();
        await store().append(passedOver, newEvents(1), 'no_stream');
        await waitUntil(async () => store().appendsHeard() > before, { description: 'the append heard' });
        const quiet = Date.now();
        await store().waitForAppend(300, undefined, before, wakesFor);
        expect(Date.now() - quiet).toBeGreaterThanOrEqual(250);
        const unfiltered = Date.now();
        await store().waitForAppend(30_000, undefined, before);
        expect(Date.now() - unfiltered).toBeLessThan(1_000);

        let woken = false;
        const waiting = store()
          .waitForAppend(30_000, undefined, store().appendsHeard(), wakesFor)
          .then(() => {
            woken = true;
          });
        const heard = store().appendsHeard();
        await store().append(passedOver, newEvents(1), 0);
        await waitUntil(async () => store().appendsHeard() > heard, { description: 'the second append heard' });
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(woken).toBe(false);
        const started = Date.now();
        await store().append(newStreamName(), newEvents(1), 'no_stream');
        await waiting;
        expect(Date.now() - started).toBeLessThan(15_000);
      });

      it('resolves at once when aborted', async () => {
        const controller = new AbortController();
        const waiting = store().waitForAppend(30_000, controller.signal);
        controller.abort();
        await waiting;
      });
    });

    describeReadAllContract(() => fixture);
  });
}
