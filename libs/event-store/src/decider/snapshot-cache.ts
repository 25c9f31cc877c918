import { forgetOldest, trimmedSize } from '@eh/platform';
import type { FoldedStream } from './load-aggregate';

/**
 * Folded states kept between commands, so a long stream is read from where it was left
 * (the ledger: a reserve costs the same on an account of 10 events or 100,000). Only a
 * starting point: every append still expects the revision it decided on, so a stale entry
 * costs a retry, never a wrong decision.
 */
export interface SnapshotCache<State> {
  get(streamName: string): FoldedStream<State> | undefined;
  set(streamName: string, folded: FoldedStream<State>): void;
  delete(streamName: string): void;
}

/** Least recently used first out, at most `capacity` streams. */
export class LruSnapshotCache<State> implements SnapshotCache<State> {
  private readonly entries = new Map<string, FoldedStream<State>>();

  constructor(private readonly capacity: number) {}

  get(streamName: string): FoldedStream<State> | undefined {
    return this.entries.get(streamName);
  }

  set(streamName: string, folded: FoldedStream<State>): void {
    this.entries.delete(streamName);
    // Insertion order: the first keys are the streams least recently used.
    if (this.entries.size >= this.capacity) forgetOldest(this.entries, trimmedSize(this.capacity), (oldest) => this.entries.delete(oldest));
    this.entries.set(streamName, folded);
  }

  delete(streamName: string): void {
    this.entries.delete(streamName);
  }
}
