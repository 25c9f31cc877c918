import type { RecordedEvent } from '../event-store.port';
import { bundleForBus, endAtCommit, eventsOfBusMessage, type BundleLimits } from './bus-bundles';

let next = 0;
const recorded = (streamName: string, overrides: Partial<RecordedEvent> = {}): RecordedEvent => {
  next += 1;
  return {
    id: `evt_${next}`,
    type: 'order.changed',
    data: { n: next },
    metadata: {
      workspace_id: 'ws_1',
      correlation_id: 'req_1',
      causation_id: null,
      schema_version: 1,
      occurred_at: '2030-01-01T00:00:00.000Z',
      traceparent: '00-a-b-01',
    },
    streamName,
    streamRevision: next,
    checkpoint: String(next),
    recordedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
};
const on = (event: RecordedEvent, subject = `events.${event.streamName.replace('-', '.')}`, commit = '901') => ({ event, subject, commit });
const roomy: BundleLimits = { maxEvents: 16, maxBytes: 1024 * 1024 };

describe('bundleForBus (one message for consecutive events of one stream)', () => {
  it('puts consecutive events of one stream in one message, a JSON array named by its first id and count', () => {
    const [a, b, c] = [recorded('order-o_1'), recorded('order-o_1'), recorded('order-o_1')] as [RecordedEvent, RecordedEvent, RecordedEvent];
    const [bundle, ...rest] = bundleForBus([on(a), on(b), on(c)], roomy);
    expect(rest).toEqual([]);
    expect(bundle).toMatchObject({ subject: 'events.order.o_1', events: [a, b, c], msgId: `${a.id}+3` });
    expect(eventsOfBusMessage(bundle!.body)).toEqual([a, b, c]);
  });

  it('sends a lone event as the object it always was, named by its own id', () => {
    const event = recorded('order-o_1');
    expect(bundleForBus([on(event)], roomy)).toEqual([{ subject: 'events.order.o_1', events: [event], body: JSON.stringify(event), msgId: event.id }]);
  });

  it('starts a new message at another commit, even of the same stream in the same trace', () => {
    const [a, b, c] = [recorded('order-o_1'), recorded('order-o_1'), recorded('order-o_1')] as [RecordedEvent, RecordedEvent, RecordedEvent];
    expect(bundleForBus([on(a, undefined, '901'), on(b, undefined, '901'), on(c, undefined, '902')], roomy).map((bundle) => bundle.msgId)).toEqual([
      `${a.id}+2`,
      c.id,
    ]);
  });

  it('starts a new message at another stream, another subject or another trace, and keeps commit order', () => {
    const a1 = recorded('order-o_1');
    const b1 = recorded('order-o_2');
    const a2 = recorded('order-o_1');
    const a3 = recorded('order-o_1');
    const a4 = recorded('order-o_1', { metadata: { ...a1.metadata, traceparent: '00-c-d-01' } });
    const a5 = recorded('order-o_1');
    const bundles = bundleForBus([on(a1), on(b1), on(a2), on(a3, 'events.order.o_1.record'), on(a4), on(a5)], roomy);
    expect(bundles.map((bundle) => bundle.events.map((event) => event.id))).toEqual([[a1.id], [b1.id], [a2.id], [a3.id], [a4.id], [a5.id]]);
    const c1 = recorded('order-o_3', { metadata: { ...a1.metadata, traceparent: undefined } });
    const c2 = recorded('order-o_3', { metadata: { ...a1.metadata, traceparent: undefined } });
    expect(bundleForBus([on(c1), on(c2)], roomy).map((bundle) => bundle.msgId)).toEqual([`${c1.id}+2`]);
  });

  it('holds at most maxEvents events and maxBytes bytes; a larger event goes alone', () => {
    const events = Array.from({ length: 5 }, () => recorded('order-o_1'));
    expect(
      bundleForBus(
        events.map((event) => on(event)),
        { maxEvents: 2, maxBytes: 1024 * 1024 },
      ).map((bundle) => bundle.events.length),
    ).toEqual([2, 2, 1]);
    const size = Buffer.byteLength(JSON.stringify(events[0]));
    // Room for two events and the brackets and comma, not three.
    expect(
      bundleForBus(
        events.map((event) => on(event)),
        { maxEvents: 16, maxBytes: 2 * size + 3 },
      ).map((bundle) => bundle.events.length),
    ).toEqual([2, 2, 1]);
    const large = recorded('order-o_1', { data: { text: 'x'.repeat(4096) } });
    const small = recorded('order-o_1');
    expect(bundleForBus([on(small), on(large), on(recorded('order-o_1'))], { maxEvents: 16, maxBytes: 1024 }).map((bundle) => bundle.events.length)).toEqual([
      1, 1, 1,
    ]);
    for (const bundle of bundleForBus(
      events.map((event) => on(event)),
      { maxEvents: 16, maxBytes: 2 * size + 3 },
    ))
      expect(Buffer.byteLength(bundle.body)).toBeLessThanOrEqual(2 * size + 3);
  });

  it('names the same events the same way every time, so a republish after a crash is dropped as a duplicate', () => {
    const events = Array.from({ length: 4 }, () => recorded('order-o_1'));
    const once = bundleForBus(
      events.map((event) => on(event)),
      roomy,
    );
    const again = bundleForBus(
      events.map((event) => on(event)),
      roomy,
    );
    expect(again).toEqual(once);
  });

  it('keeps signing secrets off the bus inside a bundle too', () => {
    const sealed = { kid: 'k1', iv: 'aaa', tag: 'bbb', ct: 'ccc' };
    const registered = recorded('webhook_endpoint-ws_1', { type: 'webhook_endpoint.registered', data: { endpoint_id: 'we_1', sealed_secret: sealed } });
    const rotated = recorded('webhook_endpoint-ws_1', { type: 'webhook_endpoint.secret_rotated', data: { endpoint_id: 'we_1', secret: 'whsec_plain' } });
    const [bundle] = bundleForBus([on(registered), on(rotated)], roomy);
    expect(bundle?.body).not.toContain('whsec_plain');
    expect(bundle?.body).not.toContain('sealed_secret');
    expect(eventsOfBusMessage(bundle!.body).map((event) => event.data)).toEqual([{ endpoint_id: 'we_1' }, { endpoint_id: 'we_1' }]);
  });
});

describe('endAtCommit (a full page is cut where a commit begins)', () => {
  const commitOf = (event: { commit: string }) => event.commit;
  const page = (...commits: string[]) => commits.map((commit, index) => ({ commit, index }));

  it('leaves out the last commit, which may go on past the page', () => {
    expect(endAtCommit(page('1', '1', '2', '3', '3'), commitOf).map((event) => event.index)).toEqual([0, 1, 2]);
    expect(endAtCommit(page('1', '2'), commitOf).map((event) => event.index)).toEqual([0]);
  });

  it('keeps a page that one commit fills, and an empty one', () => {
    expect(endAtCommit(page('7', '7', '7'), commitOf)).toHaveLength(3);
    expect(endAtCommit(page(), commitOf)).toEqual([]);
  });
});

describe('eventsOfBusMessage', () => {
  it('reads a lone event and a bundle alike', () => {
    const event = recorded('order-o_1');
    expect(eventsOfBusMessage(JSON.stringify(event))).toEqual([event]);
    expect(eventsOfBusMessage(JSON.stringify([event, event]))).toEqual([event, event]);
  });

  it.each([
    ['not JSON', '{'],
    ['an empty bundle', '[]'],
    ['a number', '7'],
    ['null', 'null'],
    ['an event without a stream', JSON.stringify({ id: 'evt_1', type: 'x' })],
    ['a bundle holding a non-event', JSON.stringify([{ id: 'evt_1', type: 'x', streamName: 's-1' }, 'x'])],
  ])('refuses %s', (_, payload) => {
    expect(() => eventsOfBusMessage(payload)).toThrow();
  });
});
