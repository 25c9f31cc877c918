import { BoundedSet } from '@eh/platform';
import type { RecordedEvent } from '../event-store.port';

/**
 * Events nobody waits on within milliseconds (a deployment's `deployment.created`:
 * no public webhook, only the router acts on it) may wait at the relay, up to `maxWaitMs`, for
 * others to go out with them. At low rates every publication wakes NATS and each consumer once,
 * and a wake-up, not the message, is most of what an event costs there; one publication for
 * several deployments, and consumers taking them together, is what the relay can save.
 * Declared by the contexts that own the events, like subject qualifiers.
 */
export interface RelayDeferral {
  /** Whether this event may wait; one event that may not ends the wait for all read before it (commit order). */
  mayWait(event: RecordedEvent): boolean;
  /**
   * Whether an append that starts this stream holds only events that may wait (a deployment's
   * stream begins with its creation): while events are held, the relay does not read for it.
   * Only a matter of when it is read: a wrong guess publishes it when the held events go out.
   */
  startMayWait?(streamName: string): boolean;
  maxWaitMs: number;
}

/** What the relay holds back: events read, not yet published, and since when (Date.now()). */
export interface HeldEvents {
  events: readonly RecordedEvent[];
  since: number;
}

export const NOTHING_HELD: HeldEvents = { events: [], since: 0 };

/**
 * Given what is held and what was just read (in commit order after it): hold it all a while
 * longer, or publish it all now. Publishes when anything read may not wait, when the oldest held
 * event has waited `maxWaitMs`, or when the read page was full (under load there is company
 * enough). Pure: the relay's loop does the waiting.
 */
export function holdOrPublish(
  held: HeldEvents,
  read: readonly RecordedEvent[],
  { pageFull, now }: { pageFull: boolean; now: number },
  deferral: RelayDeferral | undefined,
): { hold: HeldEvents } | { publish: readonly RecordedEvent[] } {
  const pending = held.events.length === 0 ? read : [...held.events, ...read];
  const since = held.events.length === 0 ? now : held.since;
  const mayWait =
    deferral !== undefined &&
    deferral.maxWaitMs > 0 &&
    !pageFull &&
    pending.length > 0 &&
    now - since < deferral.maxWaitMs &&
    pending.every((event) => deferral.mayWait(event));
  return mayWait ? { hold: { events: pending, since } } : { publish: pending };
}

/** How long the relay may sleep before the held events are due; undefined when nothing is held. */
export function heldDueInMs(held: HeldEvents, deferral: RelayDeferral | undefined, now: number): number | undefined {
  if (held.events.length === 0 || deferral === undefined) return undefined;
  return Math.max(0, held.since + deferral.maxWaitMs - now);
}

/** Streams the relay has read events of, the most recent `capacity`: a notice for any other starts a stream (or one long forgotten). */
export class StreamsSeen {
  private readonly seen: BoundedSet<string>;

  constructor(capacity = 10_000) {
    this.seen = new BoundedSet(capacity);
  }

  add(events: readonly RecordedEvent[]): void {
    for (const { streamName } of events) this.seen.add(streamName);
  }

  /** Which appends should end the relay's wait: while it holds events, not one that only starts a stream whose start may wait. */
  wakesFor(held: HeldEvents, deferral: RelayDeferral | undefined): ((streamName: string) => boolean) | undefined {
    const startMayWait = deferral?.startMayWait;
    if (held.events.length === 0 || !startMayWait) return undefined;
    return (streamName) => this.seen.has(streamName) || !startMayWait(streamName);
  }
}
