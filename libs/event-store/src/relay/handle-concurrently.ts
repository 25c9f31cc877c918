import type { RecordedEvent } from '../event-store.port';

/**
 * Lets the next message of the same store stream start before this one is done: a handler calls
 * it once what must happen in order has happened (the fan-out: its webhooks are answered, their
 * append is still to come). Calling it again, or never, is harmless: the handler's end releases too.
 */
export type ReleaseStream = () => void;

/**
 * Up to `concurrency` messages (each one event, or a bundle of one stream's) handled at
 * once, from one pull subscription. Events of one store stream are handled one after the other,
 * in the order they came, so a handler that folds a stream (the fan-out's SubjectFolds) sees it
 * in order, as with one at a time; events of different streams overlap, so their appends go
 * together (GroupedAppends). The next of a stream starts when the one before ends or releases it
 * (`ReleaseStream`). `handle` never throws (it settles its message either way). Returns once every
 * message taken has been handled.
 */
export async function handleConcurrently<Message>(
  messages: AsyncIterable<Message>,
  concurrency: number,
  decode: (msg: Message) => readonly RecordedEvent[] | undefined,
  handle: (msg: Message, events: readonly RecordedEvent[], release: ReleaseStream) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  /** What the next message of each stream waits for: the last one taken ending or releasing it. */
  const lastOfStream = new Map<string, Promise<void>>();
  // Woken by the next run to end. Not Promise.race(running): each race left a reaction on every
  // running promise, so a full window cost `concurrency` allocations per message taken.
  let freed: (() => void) | undefined;
  for await (const msg of messages) {
    while (running.size >= concurrency) await new Promise<void>((resolve) => (freed = resolve));
    const events = decode(msg);
    if (!events?.length) continue;
    // A message's events are all of one stream (bus-bundles.ts).
    const stream = (events[0] as RecordedEvent).streamName;
    const previous = lastOfStream.get(stream);
    let release!: ReleaseStream;
    const released = new Promise<void>((resolve) => (release = resolve));
    const next = (): Promise<void> => handle(msg, events, release);
    const run = previous ? previous.then(next) : next();
    run.then(release, release);
    lastOfStream.set(stream, released);
    running.add(run);
    const done = (): void => {
      running.delete(run);
      if (lastOfStream.get(stream) === released) lastOfStream.delete(stream);
      const wake = freed;
      freed = undefined;
      wake?.();
    };
    run.then(done, done);
  }
  await Promise.all(running);
}
