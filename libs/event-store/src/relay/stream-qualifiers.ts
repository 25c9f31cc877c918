import { BoundedMap } from '@eh/platform';
import type { NewEvent, RecordedEvent } from '../event-store.port';
import { categoryOf } from './event-subject';

/**
 * A token the relay adds to the subject of an event, so a consumer that has nothing to
 * do with such events filters them out on the server (`<category>.*` matches only unqualified
 * ones) and is never sent them. Decided once per stream by its first event (the ledger bills
 * nothing in test mode: test-mode deployments are qualified `test`), or by each event alone
 * (`decidedBy: 'each_event'`: the fan-out is not sent the records of delivery attempts).
 *
 * Only ever derived from stored events, so a relay publishing again after a crash picks the same
 * subject. Declared by the context that owns the category.
 */
export type SubjectQualifier = (
  | {
      category: string;
      decidedBy?: 'first_event';
      /** The token for the stream whose first event this is; undefined: the stream is not qualified. */
      qualify(first: RecordedEvent): string | undefined;
    }
  | {
      category: string;
      decidedBy: 'each_event';
      /** The token for this event; undefined: it is not qualified. Never reads the stream, nor anything but the event's type and data. */
      qualify(event: Pick<RecordedEvent, 'type' | 'data'>): string | undefined;
      /**
       * Types `qualify` gives the first `unpublished` token whatever their data: the
       * relay reads them without their payload (ReadAllOptions.withoutPayload) and passes over them.
       */
      unpublishedTypes?: readonly string[];
    }
) & {
  /**
   * Tokens whose events no consumer subscribes to: the relay keeps them in the store only and
   * publishes nothing for them (the records of each delivery were three JetStream
   * messages nobody read). A context that comes to read them drops its token from this list.
   */
  unpublished?: readonly string[];
};

/** Each event's qualifier; a stream's, when its first event decides it, remembered for the relay's most recent `capacity` streams. */
export class StreamQualifiers {
  private readonly byCategory: ReadonlyMap<string, SubjectQualifier>;
  /** The stream least recently learnt is forgotten first. Null: not qualified. */
  private readonly known: BoundedMap<string, string | null>;
  /** The event types the relay reads without their payload: those it never publishes, whatever their data (unpublishedTypes). */
  readonly withoutPayload: readonly string[];

  constructor(
    qualifiers: readonly SubjectQualifier[],
    /** The stream's events from its first one (EventStore.read); only asked for streams not seen from their start. */
    private readonly readStream: (streamName: string) => Promise<readonly RecordedEvent[]>,
    capacity = 100_000,
  ) {
    this.byCategory = new Map(qualifiers.map((qualifier) => [qualifier.category, qualifier]));
    this.known = new BoundedMap(capacity);
    this.withoutPayload = qualifiers.flatMap((qualifier) =>
      qualifier.decidedBy === 'each_event' && qualifier.unpublished?.length ? (qualifier.unpublishedTypes ?? []) : [],
    );
  }

  /** The qualifier of each event's stream, in the events' order; reads the first event of a stream it does not know. */
  async of(events: readonly RecordedEvent[]): Promise<(string | undefined)[]> {
    if (this.byCategory.size === 0) return events.map(() => undefined);
    const unknown = new Set<string>();
    for (const event of events) {
      const qualifier = this.byCategory.get(categoryOf(event.streamName));
      if (!qualifier || qualifier.decidedBy === 'each_event' || this.known.get(event.streamName) !== undefined) continue;
      if (event.streamRevision === 0) this.remember(event.streamName, qualifier.qualify(event));
      else unknown.add(event.streamName);
    }
    await Promise.all(
      [...unknown].map(async (streamName) => {
        const [first] = await this.readStream(streamName);
        const qualifier = this.byCategory.get(categoryOf(streamName));
        this.remember(streamName, first && qualifier ? qualifier.qualify(first) : undefined);
      }),
    );
    return events.map((event) => {
      const qualifier = this.byCategory.get(categoryOf(event.streamName));
      if (qualifier?.decidedBy !== 'each_event') return this.known.get(event.streamName) ?? undefined;
      // Read without its data when its type is one of these: its token does not depend on it.
      return qualifier.unpublished?.length && qualifier.unpublishedTypes?.includes(event.type) ? qualifier.unpublished[0] : qualifier.qualify(event);
    });
  }

  /** Whether an event with this qualifier is kept in the store only (SubjectQualifier.unpublished). */
  isUnpublished(event: RecordedEvent, qualifier: string | undefined): boolean {
    return qualifier !== undefined && (this.byCategory.get(categoryOf(event.streamName))?.unpublished?.includes(qualifier) ?? false);
  }

  private remember(streamName: string, qualifier: string | undefined): void {
    this.known.set(streamName, qualifier ?? null);
  }
}

/**
 * Whether an append holds only events the relay keeps in the store only (`unpublished`
 * tokens of qualifiers decided by each event): nothing waits to hear of it, so the store sends no
 * commit notice for it (PostgresEventStoreOptions.quietAppend). A qualifier decided by a stream's
 * first event would need a read to tell, so its appends are never quiet.
 */
export function storeOnlyAppends(qualifiers: readonly SubjectQualifier[]): (streamName: string, events: readonly NewEvent[]) => boolean {
  const byCategory = new Map(
    qualifiers
      .filter((qualifier) => qualifier.decidedBy === 'each_event' && (qualifier.unpublished?.length ?? 0) > 0)
      .map((qualifier) => [qualifier.category, qualifier]),
  );
  return (streamName, events) => {
    const qualifier = byCategory.get(categoryOf(streamName));
    if (qualifier?.decidedBy !== 'each_event' || events.length === 0) return false;
    return events.every((event) => {
      const token = qualifier.qualify(event);
      return token !== undefined && (qualifier.unpublished?.includes(token) ?? false);
    });
  };
}
