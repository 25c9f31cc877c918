import type { RecordedEvent } from '../event-store.port';
import { handleConcurrently } from './handle-concurrently';

interface Message {
  stream: string;
  n: number;
}

const eventOf = (msg: Message): RecordedEvent[] => [
  {
    id: `evt_${msg.stream}_${msg.n}`,
    type: 'test.happened',
    data: {},
    metadata: { workspace_id: 'ws', correlation_id: 'c', causation_id: null, schema_version: 1, occurred_at: '2030-01-01T00:00:00.000Z' },
    streamName: msg.stream,
    streamRevision: msg.n,
    checkpoint: String(msg.n),
    recordedAt: '2030-01-01T00:00:00.000Z',
  },
];

async function* arriving(messages: readonly Message[]): AsyncIterable<Message> {
  for (const msg of messages) yield msg;
}

/** Messages written as `stream:n`, the way the tests log them, arriving in that order. */
const arrivingAs = (...keys: string[]): AsyncIterable<Message> =>
  arriving(
    keys.map((key) => {
      const [stream, n] = key.split(':');
      return { stream, n: Number(n) };
    }),
  );

/** Lets the event loop turn a few times, so whatever could start has started. */
async function turns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
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
    await turns(10 - (msg.n % 10));
    seen.order.push(`${msg.stream}:${msg.n}`);
    busyStreams.delete(msg.stream);
    running -= 1;
  };
  return { seen, handle };
}

describe('handleConcurrently (a puller handling several events at once)', () => {
  const messages: Message[] = Array.from({ length: 60 }, (_, index) => ({ stream: `s${index % 6}`, n: Math.floor(index / 6) }));

  it("handles one stream's events one after the other, in the order they came", async () => {
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

  it("starts a stream's next message once the one before releases it, still in the order they came", async () => {
    const log: string[] = [];
    const ends = new Map<string, () => void>();
    const handling = handleConcurrently(arrivingAs('s:0', 's:1', 's:2'), 8, eventOf, async (msg, _events, release) => {
      log.push(`start ${msg.n}`);
      // What must go in order is done (the fan-out: its POST answered); the rest (its append) is still to come.
      release();
      release();
      await new Promise<void>((resolve) => ends.set(`s:${msg.n}`, resolve));
      log.push(`end ${msg.n}`);
    });
    await turns(5);
    expect(log).toEqual(['start 0', 'start 1', 'start 2']);
    for (const n of [2, 0, 1]) ends.get(`s:${n}`)?.();
    await handling;
    expect(log.slice(3)).toEqual(['end 2', 'end 0', 'end 1']);
  });

  it("a message that never releases holds its stream's next until it ends", async () => {
    const log: string[] = [];
    let endFirst!: () => void;
    const handling = handleConcurrently(arrivingAs('s:0', 's:1', 't:0'), 8, eventOf, async (msg) => {
      log.push(`start ${msg.stream}:${msg.n}`);
      if (msg.stream === 's' && msg.n === 0) await new Promise<void>((resolve) => (endFirst = resolve));
    });
    await turns(5);
    expect(log).toEqual(['start s:0', 'start t:0']);
    endFirst();
    await handling;
    expect(log).toEqual(['start s:0', 'start t:0', 'start s:1']);
  });
});
