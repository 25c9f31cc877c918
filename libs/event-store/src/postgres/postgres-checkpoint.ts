/**
 * A position in the PostgreSQL store's global order: (transaction id, global position).
 * Encoded as `<xid8>:<global_position>`; callers treat it as opaque (port: RecordedEvent.checkpoint).
 * Both parts stay decimal strings: they are 64-bit and may exceed Number.MAX_SAFE_INTEGER.
 */
export interface PostgresPosition {
  transactionId: string;
  globalPosition: string;
}

/** Before every event: transaction ids and positions start above 0. */
export const START_POSITION: PostgresPosition = { transactionId: '0', globalPosition: '0' };

/** After every event: the largest xid8 and bigint (a backwards read from the newest). */
export const NEWEST: PostgresPosition = { transactionId: '18446744073709551615', globalPosition: '9223372036854775807' };

const DECIMAL = /^\d{1,20}$/;

export function encodeCheckpoint(position: PostgresPosition): string {
  return `${position.transactionId}:${position.globalPosition}`;
}

export function decodeCheckpoint(checkpoint: string | null): PostgresPosition {
  if (checkpoint === null || checkpoint === '') return START_POSITION;
  const [transactionId, globalPosition, ...rest] = checkpoint.split(':');
  if (rest.length > 0 || !DECIMAL.test(transactionId ?? '') || !DECIMAL.test(globalPosition ?? '')) {
    throw new TypeError(`not a PostgreSQL event store checkpoint: ${checkpoint}`);
  }
  return { transactionId, globalPosition };
}
