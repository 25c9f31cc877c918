/** The part of a stored event an upcast reads. */
export interface VersionedEvent {
  type: string;
  data: unknown;
  metadata: { schema_version: number };
}

/** Brings a stored event up to its type's current schema version (the event store's UpcasterRegistry). */
export interface EventUpcasting {
  /** The version new events of this type are written at. */
  currentVersion(type: string): number;
  /** The event's `{type, data}` at the current version of its type. */
  upcast<Event extends { type: string; data: unknown }>(event: VersionedEvent): Event;
}

/** How a stream becomes a state: Emmett's `evolve` and `initialState`, plus the upcasters applied on the way. */
export interface StreamFold<Event, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  /** Default: every event type's upcasters (EVENT_UPCASTERS). */
  upcasters?: EventUpcasting;
}

/**
 * A pure decider (Emmett's pattern): state from events, events from a command and a state. It
 * lives here, beside the event types, so a context's domain folder can declare its own decider.
 */
export interface Decider<Command, Event extends { type: string; data: unknown }, State> extends StreamFold<Event, State> {
  decide(command: Command, state: State): Event[];
}
