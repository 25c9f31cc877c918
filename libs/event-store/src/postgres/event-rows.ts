import type { EventMetadata, RecordedEvent } from '../event-store.port';
import { encodeCheckpoint } from './postgres-checkpoint';

/**
 * The columns every read selects, with the 64-bit ones as text (see postgres-checkpoint.ts).
 * The text casts get names of their own: an output column named like a table column would win
 * in ORDER BY, and the rows would sort as strings ('10' < '9').
 */
export const EVENT_POSITION_COLUMNS = `
  global_position::text AS position_text,
  transaction_id::text AS txid_text,
  event_id, stream_name, stream_revision::text AS revision_text`;

export const EVENT_COLUMNS = `${EVENT_POSITION_COLUMNS},
  event_type, data, metadata, recorded_at`;

/** The metadata of an event read without its payload (ReadAllOptions.withoutPayload). */
export const NO_METADATA = Object.freeze({}) as EventMetadata;

export interface EventRow {
  position_text: string;
  txid_text: string;
  event_id: string;
  stream_name: string;
  revision_text: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream_name,
    streamRevision: Number(row.revision_text),
    checkpoint: encodeCheckpoint({ transactionId: row.txid_text, globalPosition: row.position_text }),
    recordedAt: row.recorded_at.toISOString(),
  };
}
