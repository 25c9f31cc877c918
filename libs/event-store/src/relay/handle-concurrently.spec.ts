import type { RecordedEvent } from '../event-store.port';
import { handleConcurrently } from './handle-concurrently';

interface Message {
  stream: string;
  n: number;
}

const eventOf = (msg: Message): RecordedEvent[] => [{
  id: `evt_${msg.stream}_${msg.n}`,
  type: 'test.happened',
  data: {},
  metadata: { workspace_id: 'ws', correlation_id: 'c', causation_id: null, schema_version: 1, occurred_at: '2030-01-01T00:00:00.000Z' },
  streamName: msg.stream,
  streamRevision: msg.n,
  checkpoint: String(msg.n),
  recordedAt: '2030-01-01T00:00:00.000Z',
}];

async function* arriving(messages: readonly Message[]): AsyncIterable<Message> {
  for (const msg of messages) yield msg;
}

/** A handler that takes a few ticks, recording what ran at once and in which order. */
function recorder() {
  let running = 0;
  const seen = { mostAtOnce: 0, order: [] as string[], overlapsInAStream: 0 };
  const busyStreams = new Set<string>();
  const handle = async (msg: Message): Promise<void> => {
    running += 1;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, running);
    if (busyStreams.has(msg.stream)) seen.overlapsInAStream += 1;
    busyStreams.add(msg.stream);
    // Turns of the event loop, while messages arrive in microtasks; later ones finish sooner, so any reordering would show.
    for (let turn = 0; turn < 10 - (msg.n % 10); turn++) await new Promise((resolve) => setImmediate(resolve));
    seen.order.push(`${msg.stream}:${msg.n}`);
    busyStreams.delete(msg.stream);
    running -= 1;
  };
  return { seen, handle };
}

describe('handleConcurrently (a puller handling several events at once)', () => {
  const messages: Message[] = Array.from({ length: 60 }, (_, index) => ({ stream: `s${index % 6}`, n: Math.floor(index / 6) }));

  it('handles one stream\'s events one after the other, in the order they came', async () => {
    const { seen, handle } = recorder();
    await handleConcurrently(arriving(messages), 8, eventOf, handle);
    expect(seen.overlapsInAStream).toBe(0);
    for (const stream of ['s0', 's1', 's2', 's3', 's4', 's5']) {
      expect(seen.order.filter((entry) => entry.startsWith(`${stream}:`))).toEqual(Array.from({ length: 10 }, (_, n) => `${stream}:${n}`));
    }
  });

  it('overlaps different streams, never more than `concurrency` at once, and returns once all are handled', async () => {
    const { seen, handle } = recorder();
    await handleConcurrently(arriving(messages), 4, eventOf, handle);
    expect(seen.order).toHaveLength(60);
    expect(seen.mostAtOnce).toBe(4);
  });

  it('one at a time with a concurrency of 1', async () => {
    const { seen, handle } = recorder();
    await handleConcurrently(arriving(messages), 1, eventOf, handle);
    expect(seen.mostAtOnce).toBe(1);
    expect(seen.order).toEqual(messages.map((msg) => `${msg.stream}:${msg.n}`));
  });

  it('skips a message that does not decode, without counting it', async () => {
    const { seen, handle } = recorder();
    await handleConcurrently(arriving(messages), 4, (msg) => (msg.stream === 's3' ? undefined : eventOf(msg)), handle);
    expect(seen.order).toHaveLength(50);
    expect(seen.order.some((entry) => entry.startsWith('s3:'))).toBe(false);
  });
});
