import type { NewEvent, RecordedEvent } from '../event-store.port';
import { StreamQualifiers, storeOnlyAppends } from './stream-qualifiers';

const event = (streamName: string, streamRevision: number, data: unknown = {}): RecordedEvent => ({
  id: `evt_${streamName}_${streamRevision}`,
  type: 'thing.happened',
  data,
  metadata: { workspace_id: 'ws_1', correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: '2030-01-01T00:00:00.000Z' },
  streamName,
  streamRevision,
  checkpoint: String(streamRevision),
  recordedAt: '2030-01-01T00:00:00.000Z',
});

const byFlag = { category: 'cart', qualify: (first: RecordedEvent) => (first.data as { flag?: string }).flag ?? undefined };

describe('StreamQualifiers', () => {
  it('qualifies a stream by its first event, seen in the batch, with no read', async () => {
    const reads: string[] = [];
    const qualifiers = new StreamQualifiers([byFlag], async (name) => (reads.push(name), []));
    const batch = [event('cart-a', 0, { flag: 'test' }), event('cart-a', 1), event('cart-b', 0), event('cart-b', 1, { flag: 'ignored' })];
    expect(await qualifiers.of(batch)).toEqual(['test', 'test', undefined, undefined]);
    expect(await qualifiers.of([event('cart-a', 2), event('cart-b', 2)])).toEqual(['test', undefined]);
    expect(reads).toEqual([]);
  });

  it('reads the first event of a stream it has not seen begin, once, and not for other categories', async () => {
    const reads: string[] = [];
    const stored: Record<string, RecordedEvent[]> = { 'cart-old': [event('cart-old', 0, { flag: 'test' }), event('cart-old', 1)] };
    const qualifiers = new StreamQualifiers([byFlag], async (name) => (reads.push(name), stored[name] ?? []));
    expect(await qualifiers.of([event('cart-old', 5), event('order-x', 3), event('cart-old', 6)])).toEqual(['test', undefined, 'test']);
    expect(await qualifiers.of([event('cart-old', 7), event('cart-gone', 2)])).toEqual(['test', undefined]);
    expect(reads).toEqual(['cart-old', 'cart-gone']);
  });

  it('remembers at most `capacity` streams, forgetting the least recently learnt', async () => {
    const reads: string[] = [];
    const qualifiers = new StreamQualifiers([byFlag], async (name) => (reads.push(name), [event(name, 0, { flag: 'test' })]), 2);
    await qualifiers.of([event('cart-a', 0, { flag: 'test' }), event('cart-b', 0), event('cart-c', 0)]);
    expect(await qualifiers.of([event('cart-b', 1), event('cart-c', 1)])).toEqual([undefined, undefined]);
    expect(await qualifiers.of([event('cart-a', 1)])).toEqual(['test']);
    expect(reads).toEqual(['cart-a']);
  });

  it('qualifies each event of a category decided by each event, with no read and nothing remembered', async () => {
    const byType = {
      category: 'order',
      decidedBy: 'each_event' as const,
      qualify: (each: RecordedEvent) => ((each.data as { kind?: string }).kind === 'record' ? 'record' : undefined),
    };
    const qualifiers = new StreamQualifiers(
      [byFlag, byType],
      async () => {
        throw new Error('no read expected');
      },
      1,
    );
    const batch = [event('order-a', 4, { kind: 'record' }), event('order-a', 5), event('cart-a', 0, { flag: 'test' }), event('order-b', 0, { kind: 'record' })];
    expect(await qualifiers.of(batch)).toEqual(['record', undefined, 'test', 'record']);
    // The one stream remembered is cart-a's: a stream decided by each event takes no place.
    expect(await qualifiers.of([event('cart-a', 1), event('order-a', 6, { kind: 'record' })])).toEqual(['test', 'record']);
  });

  it('asks nothing without qualifiers', async () => {
    const qualifiers = new StreamQualifiers([], async () => {
      throw new Error('no read expected');
    });
    expect(await qualifiers.of([event('cart-a', 3)])).toEqual([undefined]);
  });
});

describe('storeOnlyAppends', () => {
  const records = {
    category: 'order',
    decidedBy: 'each_event' as const,
    qualify: (each: { type: string }) => (each.type === 'order.recorded' ? 'record' : each.type === 'order.noted' ? 'note' : undefined),
    unpublished: ['record'],
  };
  const newEvent = (type: string): NewEvent => ({ id: `evt_${type}`, type, data: {}, metadata: event('x', 0).metadata });
  const quiet = storeOnlyAppends([byFlag, records]);

  it('is true only for an append of events that are all kept in the store only', () => {
    expect(quiet('order-a', [newEvent('order.recorded')])).toBe(true);
    expect(quiet('order-a', [newEvent('order.recorded'), newEvent('order.recorded')])).toBe(true);
    expect(quiet('order-a', [newEvent('order.recorded'), newEvent('order.placed')])).toBe(false);
    expect(quiet('order-a', [newEvent('order.noted')])).toBe(false);
    expect(quiet('order-a', [newEvent('order.placed')])).toBe(false);
    expect(quiet('order-a', [])).toBe(false);
  });

  it('is false for another category, and for one decided by its first event, which would need a read to tell', () => {
    expect(quiet('payment-a', [newEvent('order.recorded')])).toBe(false);
    expect(storeOnlyAppends([{ ...byFlag, unpublished: ['test'] }])('cart-a', [{ ...newEvent('cart.opened'), data: { flag: 'test' } }])).toBe(false);
    expect(storeOnlyAppends([])('order-a', [newEvent('order.recorded')])).toBe(false);
  });
});

describe('StreamQualifiers without payload', () => {
  const records = {
    category: 'order',
    decidedBy: 'each_event' as const,
    qualify: (recorded: Pick<RecordedEvent, 'type' | 'data'>) => ((recorded.data as { note?: string }).note === 'public' ? undefined : 'record'),
    unpublished: ['record'],
    unpublishedTypes: ['order.counted'],
  };

  it('names the types the relay reads without payload, and gives them the unpublished token without their data', async () => {
    const qualifiers = new StreamQualifiers([records, byFlag], async () => []);
    expect(qualifiers.withoutPayload).toEqual(['order.counted']);
    const counted = { ...event('order-a', 1, null), type: 'order.counted' };
    const noted = event('order-a', 2, { note: 'public' });
    const qualified = await qualifiers.of([counted, noted]);
    expect(qualified).toEqual(['record', undefined]);
    expect([qualifiers.isUnpublished(counted, qualified[0]), qualifiers.isUnpublished(noted, qualified[1])]).toEqual([true, false]);
  });

  it('reads every type whole when the qualifier publishes all it qualifies', () => {
    const published = { ...records, unpublished: [] };
    expect(new StreamQualifiers([published], async () => []).withoutPayload).toEqual([]);
  });
});
