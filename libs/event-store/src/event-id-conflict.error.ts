/**
 * An appended event id already exists, but not as the same batch in the same stream, so the
 * append is not a harmless retry (see the PostgreSQL adapter's idempotent append).
 */
export class EventIdConflictError extends Error {
  readonly code = 'event_id_conflict';
  constructor(
    readonly streamName: string,
    readonly eventIds: readonly string[],
    detail: string,
  ) {
    super(`stream ${streamName}: event ids already used (${detail})`);
    this.name = 'EventIdConflictError';
  }
}
