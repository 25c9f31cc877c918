import type { RecordedEvent } from '../event-store.port';

/**
 * Issue 14: up to `concurrency` events handled at once, from one pull subscription. Events of one
 * store stream are handled one after the other, in the order they came, so a handler that folds
 * a stream (the fan-out's SubjectFolds) sees it in order, as with one at a time; events of
 * different streams overlap, so their appends go together (GroupedAppends). `handle` never
 * throws (it settles its message either way). Returns once every message taken has been handled.
 */
export async function handleConcurrently<Message>(
  messages: AsyncIterable<Message>,
  concurrency: number,
  decode: (msg: Message) => RecordedEvent | undefined,
  handle: (msg: Message, event: RecordedEvent) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  /** The last event taken of each stream with one still running: the next of that stream waits for it. */
  const lastOfStream = new Map<string, Promise<void>>();
  for await (const msg of messages) {
    while (running.size >= concurrency) await Promise.race(running);
    const event = decode(msg);
    if (!event) continue;
    const previous = lastOfStream.get(event.streamName);
    const next = (): Promise<void> => handle(msg, event);
    const run = previous ? previous.then(next, next) : next();
    lastOfStream.set(event.streamName, run);
    running.add(run);
    const done = (): void => {
      running.delete(run);
      if (lastOfStream.get(event.streamName) === run) lastOfStream.delete(event.streamName);
    };
    run.then(done, done);
  }
  await Promise.all(running);
}
