import type { RecordedEvent } from '../event-store.port';
import { heldDueInMs, holdOrPublish, NOTHING_HELD, StreamsSeen, type RelayDeferral } from './relay-deferral';

const event = (id: string, type: string): RecordedEvent =>
  ({
    id,
    type,
    streamName: `order-${id}`,
    streamRevision: 0,
    data: {},
    metadata: {},
    checkpoint: id,
    recordedAt: '2026-11-25T00:00:00.000Z',
  }) as unknown as RecordedEvent;
const created = (id: string) => event(id, 'order.created');
const changed = (id: string) => event(id, 'order.changed');
const deferral: RelayDeferral = { mayWait: (e) => e.type === 'order.created', maxWaitMs: 100 };
const ids = (decision: ReturnType<typeof holdOrPublish>) =>
  'hold' in decision ? { hold: decision.hold.events.map((e) => e.id) } : { publish: decision.publish.map((e) => e.id) };

describe('holdOrPublish', () => {
  it('publishes at once without a deferral, or with a wait of 0', () => {
    expect(ids(holdOrPublish(NOTHING_HELD, [created('a')], { pageFull: false, now: 1_000 }, undefined))).toEqual({ publish: ['a'] });
    expect(ids(holdOrPublish(NOTHING_HELD, [created('a')], { pageFull: false, now: 1_000 }, { ...deferral, maxWaitMs: 0 }))).toEqual({ publish: ['a'] });
  });

  it('holds what may wait, from the moment it was first read', () => {
    const first = holdOrPublish(NOTHING_HELD, [created('a')], { pageFull: false, now: 1_000 }, deferral);
    expect(first).toEqual({ hold: { events: [created('a')], since: 1_000 } });
    const second = holdOrPublish((first as { hold: never }).hold, [created('b')], { pageFull: false, now: 1_050 }, deferral);
    expect(second).toEqual({ hold: { events: [created('a'), created('b')], since: 1_000 } });
  });

  it('publishes everything held, then what was read, once one event read may not wait', () => {
    const held = { events: [created('a'), created('b')], since: 1_000 };
    expect(ids(holdOrPublish(held, [created('c'), changed('d')], { pageFull: false, now: 1_010 }, deferral))).toEqual({ publish: ['a', 'b', 'c', 'd'] });
    expect(ids(holdOrPublish(NOTHING_HELD, [changed('d'), created('e')], { pageFull: false, now: 1_010 }, deferral))).toEqual({ publish: ['d', 'e'] });
  });

  it('publishes what is held once the oldest has waited its time, even when nothing new was read', () => {
    const held = { events: [created('a')], since: 1_000 };
    expect(ids(holdOrPublish(held, [], { pageFull: false, now: 1_099 }, deferral))).toEqual({ hold: ['a'] });
    expect(ids(holdOrPublish(held, [], { pageFull: false, now: 1_100 }, deferral))).toEqual({ publish: ['a'] });
    expect(ids(holdOrPublish(held, [created('b')], { pageFull: false, now: 1_200 }, deferral))).toEqual({ publish: ['a', 'b'] });
  });

  it('publishes a full page at once: under load there is company enough', () => {
    expect(ids(holdOrPublish(NOTHING_HELD, [created('a'), created('b')], { pageFull: true, now: 1_000 }, deferral))).toEqual({ publish: ['a', 'b'] });
  });

  it('has nothing to publish or hold when nothing is held and nothing was read', () => {
    expect(ids(holdOrPublish(NOTHING_HELD, [], { pageFull: false, now: 1_000 }, deferral))).toEqual({ publish: [] });
  });
});

describe('heldDueInMs', () => {
  it('is the time left before the oldest held event is due, never below 0, and undefined when nothing is held', () => {
    const held = { events: [created('a')], since: 1_000 };
    expect(heldDueInMs(held, deferral, 1_030)).toBe(70);
    expect(heldDueInMs(held, deferral, 1_500)).toBe(0);
    expect(heldDueInMs(NOTHING_HELD, deferral, 1_030)).toBeUndefined();
    expect(heldDueInMs(held, undefined, 1_030)).toBeUndefined();
  });
});

describe('StreamsSeen', () => {
  const startMayWait = (streamName: string) => streamName.startsWith('order-');

  it('while events are held, passes over an append that starts a stream whose start may wait, and wakes for a stream seen or of another kind', () => {
    const seen = new StreamsSeen();
    seen.add([created('a')]);
    const wakesFor = seen.wakesFor({ events: [created('a')], since: 0 }, { ...deferral, startMayWait });
    expect(wakesFor?.('order-a')).toBe(true);
    expect(wakesFor?.('order-b')).toBe(false);
    expect(wakesFor?.('cart-c')).toBe(true);
  });

  it('wakes for every append when nothing is held, or when no start may wait', () => {
    const seen = new StreamsSeen();
    expect(seen.wakesFor(NOTHING_HELD, { ...deferral, startMayWait })).toBeUndefined();
    expect(seen.wakesFor({ events: [created('a')], since: 0 }, deferral)).toBeUndefined();
    expect(seen.wakesFor({ events: [created('a')], since: 0 }, undefined)).toBeUndefined();
  });

  it('forgets the least recently added stream past its capacity', () => {
    const seen = new StreamsSeen(2);
    seen.add([created('a'), created('b'), created('c')]);
    const wakesFor = seen.wakesFor({ events: [created('c')], since: 0 }, { ...deferral, startMayWait });
    expect([wakesFor?.('order-a'), wakesFor?.('order-b'), wakesFor?.('order-c')]).toEqual([false, true, true]);
  });
});
