/**
 * Issue 14: deployments this process took from their creation to a terminal state in one append
 * (a test deployment whose synthetic expert has nothing to wait for). No sync ever scheduled a
 * timer of theirs: the creation was not the stream's latest once handled, and nothing came
 * between it and the end. So their last event has no timer to remove, and the router skips the
 * Redis round trip that would say so. A timer a reconcile pass added in between (only one due
 * within its horizon) is refused by the decider when it fires, and dropped (fire-timer.handler.ts).
 */
export class FinishedAtBirth {
  private readonly streams = new Set<string>();

  constructor(private readonly capacity = 10_000) {}

  add(streamName: string): void {
    if (this.streams.size >= this.capacity) this.streams.delete(this.streams.values().next().value as string);
    this.streams.add(streamName);
  }

  /** Whether the stream was added, forgetting it: its last event is handled once. */
  take(streamName: string): boolean {
    return this.streams.delete(streamName);
  }
}
