import type { SqlClient } from '@eh/platform';
import type { RecordedEvent } from '../event-store.port';
import { refoldTouchedStreams, type InlineProjection } from './inline-projection';
import { runProjectionWrites, type ProjectionWrite } from './projection-writes';

/** What the two kinds of projection below are told of their read model. */
interface ReadModel {
  name: string;
  /** The read model's tables, emptied before a rebuild. */
  tables: readonly string[];
}

const emptying =
  (tables: readonly string[]) =>
  async (tx: SqlClient): Promise<void> => {
    await tx.query(`TRUNCATE ${tables.join(', ')}`);
  };

/**
 * A projection whose rows follow from each event alone, applied one by one in order (no stream
 * is refolded): `apply` receives the event as its contract types it. `writesOf` says an event's
 * writes without reading (InlineProjection.fromEvent), gated on `appended`: an append makes them
 * in its own statement, and `apply` is left the events it answers null for.
 */
export function eventProjection<Event extends { type: string; data: unknown }>(
  spec: ReadModel & {
    handles: readonly Event['type'][];
    writesOf?(event: Event): ProjectionWrite[] | null;
    /** Needed for any event `writesOf` answers null for, or for every event without `writesOf`. */
    apply?(event: Event, tx: SqlClient): Promise<void>;
    ignores?: InlineProjection['ignores'];
    refusalOf?: InlineProjection['refusalOf'];
  },
): InlineProjection {
  const typed = (event: { type: string; data: unknown }): Event => ({ type: event.type, data: event.data }) as Event;
  const writesOf = spec.writesOf;
  const apply = spec.apply ?? ((event: Event) => Promise.reject(new Error(`${spec.name} has no writes for ${event.type}`)));
  return {
    name: spec.name,
    handles: spec.handles,
    ignores: spec.ignores,
    refusalOf: spec.refusalOf,
    ...(writesOf ? { fromEvent: (event) => writesOf(typed(event)) } : {}),
    async apply(events, tx) {
      for (const recorded of events) {
        const writes = writesOf?.(typed(recorded)) ?? null;
        if (writes) await runProjectionWrites(tx, writes);
        else await apply(typed(recorded), tx);
      }
    },
    reset: emptying(spec.tables),
  };
}

/**
 * A projection whose rows follow from a whole stream: each stream an append touches is read
 * again (in the append's transaction, with the new events) and handed to `refresh`.
 */
export function streamProjection(
  spec: ReadModel & {
    handles: readonly string[];
    refresh(history: RecordedEvent[], tx: SqlClient): Promise<void>;
  },
): InlineProjection {
  return {
    name: spec.name,
    handles: spec.handles,
    refoldsStreams: true,
    async apply(events, tx, readStream) {
      await refoldTouchedStreams(events, readStream, (history) => spec.refresh(history, tx));
    },
    reset: emptying(spec.tables),
  };
}
