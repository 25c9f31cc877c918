import { BoundedSet } from '@eh/platform';

/**
 * Deployments whose creation this process handled and found over once it had (a test
 * deployment whose synthetic expert has nothing to wait for, taken to its end in the append the
 * creation triggered). No sync ran for them: the creation was no longer the stream's latest once
 * handled, and no event came between it and the end. So their last event has no timer to remove,
 * and the router skips the Redis round trip that would say so. A timer that is there all the same
 * (a reconcile pass added it in between, or a redelivered creation found the end reached over
 * several appends, one of which synced) stays until due, and is then refused by the decider and
 * dropped (fire-timer.handler.ts): a stream read, not a wrong step.
 */
export class FinishedAtBirth extends BoundedSet<string> {
  constructor(capacity = 10_000) {
    super(capacity);
  }
}
