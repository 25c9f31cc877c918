import { newId } from '@eh/contracts';
import {
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../event-store.port';
import { retryOnVersionConflict } from './version-conflict.retry';

/** A pure decider (Emmett's pattern): state from events, events from a command and a state. */
export interface Decider<Command, Event extends { type: string; data: unknown }, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

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
}

/**
 * Load → fold → decide → append with the expected revision. A concurrent writer makes the
 * append fail with a typed conflict; the command is then decided again on the new state
 * (DESIGN.md "Event store: a port").
 */
export async function handleCommand<Command, Event extends { type: string; data: unknown }, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  streamName: string,
  /** A command, or a function of the folded state and its revision (-1: no stream) giving one, or null for nothing to do. */
  command: Command | ((state: State, revision: number) => Command | null),
  context: CommandContext,
): Promise<CommandResult<Event, State>> {
  return retryOnVersionConflict(async () => {
    const recorded = (await store.read(streamName)) as RecordedEvent[];
    const revision = recorded.length - 1;
    const state = recorded.reduce((current, event) => decider.evolve(current, toDomainEvent<Event>(event)), decider.initialState);
    const resolved = typeof command === 'function' ? (command as (state: State, revision: number) => Command | null)(state, revision) : command;
    const events = resolved === null ? [] : decider.decide(resolved, state);
    if (events.length === 0) return { state, events, revision };
    const result = await store.append(streamName, toNewEvents(events, context), revision < 0 ? 'no_stream' : revision);
    return { state: events.reduce(decider.evolve, state), events, revision: result.nextExpectedRevision };
  });
}

export function toDomainEvent<Event extends { type: string; data: unknown }>(event: RecordedEvent): Event {
  return { type: event.type, data: event.data } as Event;
}

export function toNewEvents(events: { type: string; data: unknown }[], context: CommandContext): NewEvent[] {
  const metadata: EventMetadata = {
    workspace_id: context.workspaceId,
    correlation_id: context.correlationId,
    causation_id: context.causationId,
    schema_version: 1,
    occurred_at: context.now,
  };
  return events.map((event, index) => ({
    id: context.eventId ? context.eventId(index) : newId('event'),
    type: event.type,
    data: event.data,
    metadata,
  }));
}
