import { FIELDS_KEPT_OFF_THE_BUS } from '@eh/contracts';
import type { RecordedEvent } from '../event-store.port';

/**
 * What the relay publishes of an event: all of it but the data fields that never leave
 * PostgreSQL (signing secrets). Applied to every event, so one written before those
 * fields were sealed, re-published after a checkpoint reset, still leaks nothing.
 */
export function toBusMessage(event: RecordedEvent): RecordedEvent {
  const hidden = FIELDS_KEPT_OFF_THE_BUS[event.type];
  if (!hidden || typeof event.data !== 'object' || event.data === null) return event;
  const data = Object.fromEntries(Object.entries(event.data).filter(([field]) => !hidden.includes(field)));
  return { ...event, data };
}
