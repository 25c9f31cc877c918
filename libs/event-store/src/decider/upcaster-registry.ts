import { EVENT_UPCASTERS, type EventUpcaster, type EventUpcasting, type VersionedEvent } from '@eh/contracts';

export type { VersionedEvent } from '@eh/contracts';

/**
 * Upcasters per event type (see libs/contracts event-upcasters.ts): which version a new event
 * is written at, and how a stored one is brought up to it.
 */
export class UpcasterRegistry implements EventUpcasting {
  private readonly chains = new Map<string, EventUpcaster[]>();

  constructor(upcasters: readonly EventUpcaster[]) {
    for (const upcaster of upcasters) this.chains.set(upcaster.type, [...(this.chains.get(upcaster.type) ?? []), upcaster]);
    for (const [type, chain] of this.chains) {
      chain.sort((a, b) => a.fromVersion - b.fromVersion);
      // A gap would leave events of some version un-upcast: refuse it at start, not at read.
      chain.forEach((upcaster, index) => {
        if (upcaster.fromVersion !== index + 1) throw new Error(`upcasters of ${type} must run 1 → 2 → …; found ${chain.map((u) => u.fromVersion).join(', ')}`);
      });
    }
  }

  /** The version new events of this type are written at. */
  currentVersion(type: string): number {
    return (this.chains.get(type)?.length ?? 0) + 1;
  }

  /** The event's `{type, data}` at the current version of its type. */
  upcast<Event extends { type: string; data: unknown }>(event: VersionedEvent): Event {
    let data = event.data;
    // Events stored before schema versions were written everywhere count as version 1.
    for (const upcaster of this.chains.get(event.type) ?? []) {
      if (upcaster.fromVersion >= (event.metadata.schema_version || 1)) data = upcaster.upcast(data);
    }
    return { type: event.type, data } as Event;
  }
}

/** The registry of every event type the services write (libs/contracts EVENT_UPCASTERS). */
export const eventSchemas = new UpcasterRegistry(EVENT_UPCASTERS);
