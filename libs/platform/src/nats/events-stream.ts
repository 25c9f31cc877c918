import { DiscardPolicy, nanos, RetentionPolicy, StorageType, type JetStreamManager, type StreamInfo } from 'nats';
import { isStreamNotFound } from './jetstream-errors';

export const DEFAULT_EVENTS_STREAM = 'EVENTS';
export const DEFAULT_EVENTS_SUBJECT_PREFIX = 'events';
/** Long enough that a relay restarted within it re-publishes nothing the server keeps twice. */
export const DEFAULT_DUPLICATE_WINDOW_MS = 2 * 60 * 60 * 1000;
/**
 * PostgreSQL is the truth; the stream only has to outlive consumer lag and relay restarts
 * (it used to keep every message, secrets included, forever).
 */
export const DEFAULT_EVENTS_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface EventsStreamOptions {
  streamName?: string;
  subjectPrefix?: string;
  duplicateWindowMs?: number;
  /** How long a message is kept (`NATS_STREAM_MAX_AGE_SECONDS`); at least the duplicate window. */
  maxAgeMs?: number;
  /** 1 on a single server; 3 on the production cluster. */
  replicas?: number;
}

/**
 * Creates the stream every committed event is relayed to, or updates
 * the settings that may change on an existing one, its age limit included, so a stream made
 * before the limit existed is bounded on the next start. Messages are kept for `maxAgeMs`
 * (limits retention): a reactor added later starts from what the stream still holds and
 * backfills anything older from PostgreSQL.
 */
export async function ensureEventsStream(jsm: JetStreamManager, options: EventsStreamOptions = {}): Promise<StreamInfo> {
  const name = options.streamName ?? DEFAULT_EVENTS_STREAM;
  const prefix = options.subjectPrefix ?? DEFAULT_EVENTS_SUBJECT_PREFIX;
  const mutable = {
    subjects: [`${prefix}.>`],
    duplicate_window: nanos(options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS),
    max_age: nanos(options.maxAgeMs ?? DEFAULT_EVENTS_MAX_AGE_MS),
    num_replicas: options.replicas ?? 1,
  };
  try {
    await jsm.streams.info(name);
  } catch (err) {
    if (!isStreamNotFound(err)) throw err;
    try {
      return await jsm.streams.add({
        name,
        ...mutable,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
      });
    } catch (addErr) {
      // Another service created it between our info and add (the same config is accepted
      // twice; a different one is not): fall through to update.
      await jsm.streams.info(name).catch(() => {
        throw addErr;
      });
    }
  }
  return jsm.streams.update(name, mutable);
}

/** For tests and tooling: deleting a stream also deletes its consumers. */
export async function deleteStreamIfExists(jsm: JetStreamManager, name: string): Promise<void> {
  try {
    await jsm.streams.delete(name);
  } catch (err) {
    if (!isStreamNotFound(err)) throw err;
  }
}
