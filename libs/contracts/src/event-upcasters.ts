/**
 * Schema versions of stored events (a breaking change gets a new schema
 * version and an upcaster applied at read time, so `evolve` sees only the latest shape).
 *
 * An event type's current version is 1 + the number of its upcasters; a new event is written
 * at that version (libs/event-store command-handler.ts), and a stored one is brought up to it
 * whenever it is read (loadAggregate, toDomainEvent). To change the shape of `data` in a way
 * old readers cannot take: change the type in its `*-events.ts`, then add here an upcaster
 * from the previous version that turns the old `data` into the new.
 */
export interface EventUpcaster {
  type: string;
  /** The version it reads; it returns the data at `fromVersion + 1`. Chains start at 1. */
  fromVersion: number;
  upcast(data: unknown): unknown;
}

/** Every event type is at version 1 so far: no upcasters yet. */
export const EVENT_UPCASTERS: readonly EventUpcaster[] = [];
