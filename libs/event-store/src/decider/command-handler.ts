import { newId, type Decider, type EventUpcasting } from '@eh/contracts';
import type { EventMetadata, EventStore, NewEvent, RecordedEvent } from '../event-store.port';
import { loadAggregate, type FoldedStream } from './load-aggregate';
import type { SnapshotCache } from './snapshot-cache';
import { eventSchemas } from './upcaster-registry';
import { retryOnVersionConflict, VERSION_CONFLICT_RETRY, type ConflictRetryPolicy } from './version-conflict.retry';

// The decider's type lives in @eh/contracts so a domain folder may declare one; kept exported here too.
export type { Decider } from '@eh/contracts';

export interface CommandContext {
  workspaceId: string;
  correlationId: string;
  causationId: string | null;
  /** When the change happens; goes into every event's metadata. */
  now: string;
  /** Deterministic ids for a reactor's retries (see deriveEventId); fresh ULIDs otherwise. */
  eventId?: (index: number) => string;
}

export interface CommandResult<Event, State> {
  state: State;
  /** Events this call appended; empty when the command changed nothing. */
  events: Event[];
  /** Revision of the stream's last event after the call (-1: no stream). */
  revision: number;
  /** The events were already stored by an earlier call with the same derived ids (a reactor's redelivery). */
  repeated?: true;
}

export interface HandleCommandOptions<State> {
  /** Default VERSION_CONFLICT_RETRY; NO_RETRY when a caller retries the whole work itself. */
  retry?: ConflictRetryPolicy;
  /** Folded states kept between calls: each call reads only what was appended since. */
  snapshots?: SnapshotCache<State>;
  /**
   * A fold believed current without reading (a reactor's cached state evolved with the event in
   * hand): the first attempt decides on it; its append still expects that revision, so a stale
   * one fails as a conflict and the retry reads the store (no read per event).
   */
  assumed?: FoldedStream<State>;
  /**
   * With `assumed`: only an append proves it current, so a decision on it that refuses (throws)
   * or appends nothing is taken again on a read. For folds that may be behind the store (kept
   * from what a process heard), where a refusal must not rest on a stale state.
   */
  onlyAnAppendProvesAssumed?: boolean;
}

/**
 * Load (loadAggregate: read, upcast, fold) → decide → append with the expected revision. A
 * concurrent writer makes the append fail with a typed conflict; the command is then decided
 * again on the new state, under the one retry policy.
 */
export async function handleCommand<Command, Event extends { type: string; data: unknown }, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  streamName: string,
  /** A command, or a function of the folded state and its revision (-1: no stream) giving one, or null for nothing to do. */
  command: Command | ((state: State, revision: number) => Command | null),
  context: CommandContext,
  options: HandleCommandOptions<State> = {},
): Promise<CommandResult<Event, State>> {
  const { snapshots } = options;
  const decideOn = (state: State, revision: number): Event[] => {
    const resolved = typeof command === 'function' ? (command as (state: State, revision: number) => Command | null)(state, revision) : command;
    return resolved === null ? [] : decider.decide(resolved, state);
  };
  return retryOnVersionConflict(async (attempt) => {
    const load = () => loadAggregate(store, streamName, { ...decider, from: snapshots?.get(streamName) });
    let { state, revision } = attempt === 1 && options.assumed ? options.assumed : await load();
    let events: Event[] | undefined;
    if (attempt === 1 && options.assumed && options.onlyAnAppendProvesAssumed) {
      // Decided on the belief; a refusal or nothing to do is decided again on the store's word.
      events = believedEvents(decideOn, state, revision);
      if (events.length === 0) {
        ({ state, revision } = await load());
        events = undefined;
      }
    }
    snapshots?.set(streamName, { state, revision });
    events ??= decideOn(state, revision);
    if (events.length === 0) return { state, events, revision };
    // Folded as a read would give the events back, so this state is the one a reload folds.
    const asStored = store.asStored?.bind(store);
    const stateAfter = (asStored ? events.map((event) => ({ ...event, data: asStored(event.data) })) : events).reduce(decider.evolve, state);
    // The fold goes with the append: projections derived from it are written in the same statement.
    const result = await store.append(streamName, toNewEvents(events, context, decider.upcasters), revision < 0 ? 'no_stream' : revision, {
      folded: { fold: decider, state: stateAfter },
    });
    const after = { state: stateAfter, revision: result.nextExpectedRevision };
    // An identical earlier append (same derived ids) answers with its own position: the next call reads the store again.
    if (result.nextExpectedRevision === revision + events.length) snapshots?.set(streamName, after);
    else snapshots?.delete(streamName);
    return result.repeated ? { ...after, events, repeated: true } : { ...after, events };
  }, options.retry ?? VERSION_CONFLICT_RETRY);
}

/** The events a decision on a believed fold gives, or none when it refuses. */
function believedEvents<Event, State>(decideOn: (state: State, revision: number) => Event[], state: State, revision: number): Event[] {
  try {
    return decideOn(state, revision);
  } catch {
    return [];
  }
}

/** The event's `{type, data}` at its type's current schema version (upcast at read time). */
export function toDomainEvent<Event extends { type: string; data: unknown }>(event: RecordedEvent, upcasters: EventUpcasting = eventSchemas): Event {
  return upcasters.upcast<Event>(event);
}

/** New events with their envelope; each is written at its type's current schema version. */
export function toNewEvents(events: { type: string; data: unknown }[], context: CommandContext, upcasters: EventUpcasting = eventSchemas): NewEvent[] {
  return events.map((event, index) => {
    const metadata: EventMetadata = {
      workspace_id: context.workspaceId,
      correlation_id: context.correlationId,
      causation_id: context.causationId,
      schema_version: upcasters.currentVersion(event.type),
      occurred_at: context.now,
    };
    return { id: context.eventId ? context.eventId(index) : newId('event'), type: event.type, data: event.data, metadata };
  });
}
