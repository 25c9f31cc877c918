import type { SqlClient } from '@eh/platform';
import type { RecordedEvent } from '../event-store.port';
import { refoldTouchedStreams, type InlineProjection } from './inline-projection';

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
 * is refolded): `apply` receives the event as its contract types it.
 */
export function eventProjection<Event extends { type: string; data: unknown }>(
  spec: ReadModel & {
    handles: readonly Event['type'][];
    apply(event: Event, tx: SqlClient): Promise<void>;
    ignores?: InlineProjection['ignores'];
  },
): InlineProjection {
  return {
    name: spec.name,
    handles: spec.handles,
    ignores: spec.ignores,
    async apply(events, tx) {
      for (const recorded of events) await spec.apply({ type: recorded.type, data: recorded.data } as Event, tx);
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
