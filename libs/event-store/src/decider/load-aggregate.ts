import type { StreamFold } from '@eh/contracts';
import type { EventStore, RecordedEvent } from '../event-store.port';
import { eventSchemas } from './upcaster-registry';

// The fold's type lives in @eh/contracts so a domain folder may declare one; kept exported here too.
export type { StreamFold } from '@eh/contracts';

/** A state and the revision of the last event folded into it (-1: none). */
export interface FoldedStream<State> {
  state: State;
  revision: number;
}

/** What loadAggregate read and folded (after `from`, up to `to`), for callers that also need the events themselves. */
export interface LoadedAggregate<State> extends FoldedStream<State> {
  events: RecordedEvent[];
}

export interface LoadOptions<Event, State> extends StreamFold<Event, State> {
  /** Fold only up to this revision, included: the aggregate as it stood right after that event. */
  to?: number;
  /** Go on from a fold already known (a cache): only the events after its revision are read. */
  from?: FoldedStream<State>;
}

/**
 * The one stream loader (Emmett's aggregateStream): read the stream, up to a revision if asked,
 * upcast each event to its type's current schema version, fold. Nothing else reads a stream
 * and folds it by hand.
 */
export async function loadAggregate<Event extends { type: string; data: unknown }, State>(
  store: EventStore,
  streamName: string,
  options: LoadOptions<Event, State>,
): Promise<LoadedAggregate<State>> {
  const from = options.from;
  if (from && options.to !== undefined && options.to <= from.revision) return loadAggregate(store, streamName, { ...options, from: undefined });
  const recorded = await store.read(streamName, from ? { fromRevision: from.revision + 1 } : undefined);
  // A known fold the stream no longer continues (it was rebuilt, or the cache is wrong): start over.
  if (from && recorded.length > 0 && recorded[0].streamRevision !== from.revision + 1) return loadAggregate(store, streamName, { ...options, from: undefined });
  const wanted = options.to === undefined ? recorded : recorded.filter((event) => event.streamRevision <= (options.to as number));
  const start = from ?? { state: options.initialState, revision: -1 };
  return {
    state: foldRecorded(wanted, options, start.state),
    revision: wanted.length > 0 ? wanted[wanted.length - 1].streamRevision : start.revision,
    events: wanted,
  };
}

/** Folds events already read (an inline projection's history, a stream read for another reason), upcast first. */
export function foldRecorded<Event extends { type: string; data: unknown }, State>(
  events: readonly RecordedEvent[],
  fold: StreamFold<Event, State>,
  from: State = fold.initialState,
): State {
  const upcasters = fold.upcasters ?? eventSchemas;
  return events.reduce((state, event) => fold.evolve(state, upcasters.upcast<Event>(event)), from);
}
