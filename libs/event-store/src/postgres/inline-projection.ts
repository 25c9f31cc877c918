import type { SqlClient } from '@eh/platform';
import type { NewEvent, RecordedEvent } from '../event-store.port';
import { foldRecorded, type StreamFold } from '../decider/load-aggregate';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import { runProjectionWrites, type ProjectionWrite } from './projection-writes';

/**
 * A whole stream, read in the projection's transaction (so it includes the events being
 * appended). Memoised for one append: several projections refold the same deployment stream.
 */
export type StreamReader = (streamName: string) => Promise<RecordedEvent[]>;

/**
 * A read model kept in the same PostgreSQL transaction as the append ("the gateway
 * must read its own writes"): it is visible as soon as append returns, and an apply that
 * throws aborts the append, so the events and the read model never disagree.
 */
export interface InlineProjection {
  /** For error messages and rebuild bookkeeping. */
  name: string;
  /** Event types this projection receives; an append with none of them skips it. */
  handles: readonly string[];
  /**
   * Called with the events of one append (or one rebuild page) that it handles, in order.
   * A projection that refolds whole streams reads them through `readStream`.
   */
  apply(events: RecordedEvent[], tx: SqlClient, readStream: StreamReader): Promise<void>;
  /** Clears the read model before a rebuild. */
  reset?(tx: SqlClient): Promise<void>;
  /**
   * It reads other read models as of this append (the audit log looks up a key's or an
   * endpoint's mode): it runs after every projection that does not (libs/runtime projectionsOf).
   */
  readsOtherReadModels?: boolean;
  /**
   * It refolds the appended stream through `readStream`: the append then returns the
   * whole stream with the new events, and the projection reads it without another round trip.
   */
  refoldsStreams?: boolean;
  /**
   * The rows as a function of the stream's fold. An append whose caller passes the
   * state after it, folded by this same `fold`, writes them in the append's own statement: one
   * round trip and no transaction, instead of BEGIN, append, refold and write, COMMIT.
   */
  fromState?: StateWrites<unknown>;
  /**
   * The rows one new event changes, as writes gated on `appended`. An append in which it is the
   * only event this projection handles makes them in its own statement, with the other
   * projections' writes: one round trip and no transaction. Null for an event whose writes must
   * read first (a fence that refuses the append): that append is applied in a transaction.
   */
  fromEvent?(event: NewEvent): ProjectionWrite[] | null;
  /**
   * The error to refuse the append with when one of its writes failed on a rule the read model
   * keeps (a constraint standing for a fence between two appends); undefined for any other error.
   */
  refusalOf?(error: unknown, events: readonly NewEvent[]): Error | undefined;
  /**
   * True when these new events (those of an append it handles) change nothing in it (
   * the reservations view and a test-mode deployment's creation): it is not run for them, so
   * they need no transaction for it.
   */
  ignores?(events: readonly NewEvent[]): boolean;
}

/** Where the stream stands after an append: its last revision and the last event's `occurred_at`. */
export interface StreamPosition {
  revision: number;
  occurredAt: string;
}

export interface StateWrites<State> {
  fold: StreamFold<never, State>;
  writes(state: State, position: StreamPosition): ProjectionWrite[];
}

/**
 * A projection whose rows follow from its stream's fold alone: refolded in the append's
 * transaction when the caller knows no state, and written in the append's statement when it does.
 */
export function stateProjection<Event extends { type: string; data: unknown }, State>(spec: {
  name: string;
  handles: readonly string[];
  fold: StreamFold<Event, State>;
  writes(state: State, position: StreamPosition): ProjectionWrite[];
  reset(tx: SqlClient): Promise<void>;
}): InlineProjection {
  return {
    name: spec.name,
    handles: spec.handles,
    refoldsStreams: true,
    fromState: { fold: spec.fold as StreamFold<never, State>, writes: spec.writes } as StateWrites<unknown>,
    async apply(events, tx, readStream) {
      await refoldTouchedStreams(events, readStream, async (history) => {
        const last = history[history.length - 1];
        const state = foldRecorded(history, spec.fold);
        await runProjectionWrites(tx, spec.writes(state, { revision: history.length - 1, occurredAt: last.metadata.occurred_at }));
      });
    },
    reset: spec.reset,
  };
}

export async function applyInlineProjections(
  projections: readonly InlineProjection[],
  events: RecordedEvent[],
  tx: SqlClient,
  known: Readonly<Record<string, RecordedEvent[]>> = {},
): Promise<void> {
  const readStream = streamReader(tx, known);
  for (const projection of projections) {
    const handled = events.filter((event) => projection.handles.includes(event.type));
    if (handled.length > 0) await projection.apply(handled, tx, readStream);
  }
}

/** `known`: whole streams already read in this transaction (the append's own). */
export function streamReader(tx: SqlClient, known: Readonly<Record<string, RecordedEvent[]>> = {}): StreamReader {
  const streams = new Map<string, Promise<RecordedEvent[]>>(Object.entries(known).map(([name, events]) => [name, Promise.resolve(events)]));
  return (streamName) => {
    let stream = streams.get(streamName);
    if (!stream) {
      stream = tx
        .query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_name = $1 ORDER BY stream_revision`, [streamName])
        .then(({ rows }) => rows.map(toRecordedEvent));
      streams.set(streamName, stream);
    }
    return stream;
  };
}

/** Each stream the events touch, once, with its whole history: for projections that refold. */
export async function refoldTouchedStreams(
  events: RecordedEvent[],
  readStream: StreamReader,
  refold: (history: RecordedEvent[]) => Promise<void>,
): Promise<void> {
  for (const streamName of new Set(events.map((event) => event.streamName))) await refold(await readStream(streamName));
}
