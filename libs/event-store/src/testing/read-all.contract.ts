import { waitUntil } from '@eh/platform/testing';
import type { EventStore, RecordedEvent } from '../event-store.port';
import { newEvent, newEvents, newStreamName } from './contract-fixtures';
import type { EventStoreContractFixture } from './event-store.contract';

/** Reads pages of `limit` from `checkpoint` until a page comes back empty. */
async function readToEnd(store: EventStore, checkpoint: string | null, limit = 100): Promise<{ events: RecordedEvent[]; checkpoint: string | null }> {
  const events: RecordedEvent[] = [];
  let at = checkpoint;
  for (;;) {
    const page = await store.readAll(at, limit);
    if (page.events.length === 0) return { events, checkpoint: page.checkpoint };
    events.push(...page.events);
    at = page.checkpoint;
  }
}

/** Tails readAll (with checkpoints) until every id in `ids` has been seen, or fails at the deadline. */
async function tailUntilSeen(
  store: EventStore,
  from: string | null,
  ids: readonly string[],
  limit: number,
): Promise<{ events: RecordedEvent[]; checkpoint: string | null }> {
  const seen: RecordedEvent[] = [];
  let at = from;
  await waitUntil(
    async () => {
      const page = await readToEnd(store, at, limit);
      seen.push(...page.events);
      at = page.checkpoint;
      return ids.every((id) => seen.some((event) => event.id === id));
    },
    { timeoutMs: 20_000, description: `readAll to return ${ids.join(', ')}` },
  );
  return { events: seen, checkpoint: at };
}

/** readAll: store order, checkpoints, and the late-commit guarantee. */
export function describeReadAllContract(fixture: () => EventStoreContractFixture): void {
  describe('readAll', () => {
    const store = (): EventStore => fixture().store;

    it('returns an append after it returns (once the store says it is safe), in order, paging by checkpoint', async () => {
      const before = await readToEnd(store(), null);
      const stream = newStreamName();
      // More than 10 events: positions and revisions must compare as numbers, not strings.
      const events = newEvents(12);
      await store().append(stream, events.slice(0, 2), 'no_stream');
      await store().append(stream, events.slice(2), 1);
      const ids = events.map((e) => e.id);
      const { events: seen, checkpoint } = await tailUntilSeen(store(), before.checkpoint, ids, 2);
      const ours = seen.filter((event) => event.streamName === stream);
      expect(ours.map((e) => e.id)).toEqual(ids);
      expect(ours.map((e) => e.streamRevision)).toEqual(events.map((_, revision) => revision));
      // Nothing is returned twice across pages, and the last checkpoint reads nothing old again.
      expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
      const again = await store().readAll(checkpoint, 100);
      expect(again.events.map((e) => e.id)).not.toContain(ids[0]);
    });

    it('reads the types asked for without their payload, in their places, and every other event whole', async () => {
      const before = await readToEnd(store(), null);
      const stream = newStreamName();
      const events = [newEvent('contract.opened', { n: 1 }), newEvent('contract.recorded', { n: 2 }), newEvent('contract.closed', { n: 3 })];
      await store().append(stream, events, 'no_stream');
      const ids = events.map((event) => event.id);
      await tailUntilSeen(store(), before.checkpoint, ids, 100);
      const page = await store().readAll(before.checkpoint, 100, { withoutPayload: ['contract.recorded'] });
      const ours = page.events.filter((event) => event.streamName === stream);
      expect(ours.map((event) => [event.id, event.type, event.streamRevision])).toEqual(events.map((event, revision) => [event.id, event.type, revision]));
      expect(ours.map((event) => event.data)).toEqual([{ n: 1 }, null, { n: 3 }]);
      expect(ours.map((event) => Object.keys(event.metadata).length > 0)).toEqual([true, false, true]);
      expect(ours[1]?.checkpoint).toBe((await store().readAll(before.checkpoint, 100)).events.find((event) => event.id === ids[1])?.checkpoint);
    });

    it('returns the input checkpoint when nothing new is safe to read', async () => {
      const end = await readToEnd(store(), null);
      const page = await store().readAll(end.checkpoint, 10);
      if (page.events.length === 0) expect(page.checkpoint).toBe(end.checkpoint);
    });

    it('holds nothing back once every transaction that wrote has ended, and pages by its limit', async () => {
      const stream = newStreamName();
      await store().append(stream, newEvents(3), 'no_stream');
      const end = await waitUntil(async () => {
        const read = await readToEnd(store(), null);
        return read.events.some((event) => event.streamName === stream) ? read : undefined;
      });
      const page = await store().readAll(end.checkpoint, 10);
      expect(page.heldBack ?? false).toBe(false);
      const tail = end.events.filter((event) => event.streamName === stream);
      const first = await store().readAll(tail[0]?.checkpoint ?? null, 1);
      expect(first.events.map((event) => event.id)).toEqual([tail[1]?.id]);
      expect(first.heldBack ?? false).toBe(false);
    });

    it('never skips an event whose transaction commits after a later-positioned one', async () => {
      const begin = fixture().beginPendingAppend;
      if (!begin) return; // the adapter cannot hold a write open; nothing to drive
      const start = await readToEnd(store(), null);
      const eventA = newEvent('late.first');
      const eventB = newEvent('late.second');
      const txA = await begin(newStreamName('late'), eventA);
      let txB: Awaited<ReturnType<typeof begin>> | undefined;
      try {
        txB = await begin(newStreamName('late'), eventB);
        // A took the lower position and will commit last: the case a position-only tail gets wrong.
        expect(txA.position < txB.position).toBe(true);
        await txB.commit();

        // B is committed, but A (older, still open) could still land before it: neither is safe.
        const whileOpen = await readToEnd(store(), start.checkpoint, 1);
        const openIds = whileOpen.events.map((e) => e.id);
        expect(openIds).not.toContain(eventB.id);
        expect(openIds).not.toContain(eventA.id);
        // …and the page says something committed is held back, so a tail reads again soon.
        expect((await store().readAll(whileOpen.checkpoint, 10)).heldBack).toBe(true);

        await txA.commit();
        const after = await tailUntilSeen(store(), whileOpen.checkpoint, [eventA.id, eventB.id], 1);
        const order = after.events.map((e) => e.id).filter((id) => id === eventA.id || id === eventB.id);
        expect(order).toEqual([eventA.id, eventB.id]);
      } finally {
        await txA.rollback().catch(() => undefined);
        await txB?.rollback().catch(() => undefined);
      }
    });
  });
}
