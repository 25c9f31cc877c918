import type { RecordedEvent } from '../event-store.port';
import { foldRecorded, type FoldedStream, type StreamFold } from './load-aggregate';
import { LruSnapshotCache, type SnapshotCache } from './snapshot-cache';

/**
 * The folds of the streams a reactor follows, kept from event to event: when an event
 * continues the fold it has (or starts a stream), the state at that event costs no read. Only a
 * belief: handleCommand's `assumed` still appends with the expected revision, so a stale fold
 * (another replica wrote, an event came out of order) costs a conflict and a read, never a
 * wrong decision. Pass it as `snapshots` too, so what a command appends is remembered.
 */
export class FollowedStreams<Event extends { type: string; data: unknown }, State> implements SnapshotCache<State> {
  private readonly folds: LruSnapshotCache<State>;

  constructor(
    private readonly fold: StreamFold<Event, State>,
    capacity = 10_000,
  ) {
    this.folds = new LruSnapshotCache<State>(capacity);
  }

  /** The stream's fold at `event`'s revision, or undefined when this process cannot tell without reading. */
  at(event: RecordedEvent): FoldedStream<State> | undefined {
    const known = event.streamRevision === 0 ? { state: this.fold.initialState, revision: -1 } : this.folds.get(event.streamName);
    if (!known) return undefined;
    // Already folded past it: what this process appended itself, remembered by handleCommand.
    if (known.revision === event.streamRevision) return known;
    if (known.revision !== event.streamRevision - 1) return undefined;
    const next = { state: foldRecorded([event], this.fold, known.state), revision: event.streamRevision };
    this.folds.set(event.streamName, next);
    return next;
  }

  get(streamName: string): FoldedStream<State> | undefined {
    return this.folds.get(streamName);
  }

  set(streamName: string, folded: FoldedStream<State>): void {
    this.folds.set(streamName, folded);
  }

  delete(streamName: string): void {
    this.folds.delete(streamName);
  }
}
