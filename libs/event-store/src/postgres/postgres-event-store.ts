// Our own adapter rather than @event-driven-io/emmett-postgresql: Emmett is pre-1.0 and brings
// Pongo/Dumbo and its own consumer tables, while we need only one table, the same
// transaction-id horizon, and inline projections on our own pg.Pool.
import { currentTraceparent, isDatabaseUnavailable } from '@eh/platform';
import type { Pool } from 'pg';
import type {
  AppendOptions,
  AppendResult,
  CommitObserver,
  EventStore,
  ExpectedVersion,
  NewEvent,
  ReadAllOptions,
  ReadAllPage,
  RecordedEvent,
  WorkspaceEventFilter,
} from '../event-store.port';
import { AppendListener } from './append-listener';
import { CommitNotices } from './commit-notices';
import { GroupedAppends } from './grouped-appends';
import { appendAndProject, isUniqueViolation, projectionsFor, resolveDuplicateIds, writesInStatement, type AppendOutcome } from './append-to-stream';
import { EVENT_COLUMNS, EVENT_POSITION_COLUMNS, NO_METADATA, toRecordedEvent, type EventRow } from './event-rows';
import { inJsonbOrder } from './jsonb-order';
import type { InlineProjection } from './inline-projection';
import { decodeCheckpoint, encodeCheckpoint, NEWEST } from './postgres-checkpoint';
import { rebuildInlineProjection } from './rebuild-projection';

export const DEFAULT_APPEND_CHANNEL = 'eh_events_appended';

export interface PostgresEventStoreOptions {
  inlineProjections?: readonly InlineProjection[];
  /**
   * Checked before every append with the event types about to be written; throws to refuse
   * them (libs/runtime: a process must mount the module of every read model its events feed).
   */
  beforeAppend?: (types: readonly string[]) => void;
  /** LISTEN/NOTIFY channel; NOTIFY is per database, so one name serves every database. */
  notifyChannel?: string;
  /**
   * Append statements in flight at once (GroupedAppends); appends asked for meanwhile go
   * together in the next. Default 1: an append waits only while another of this process's append
   * statements runs, and under load the groups are largest (bench:webhooks: PostgreSQL 0.28–0.30 ms
   * per delivery with 1, 0.37–0.44 with 2).
   */
  appendStatementsInFlight?: number;
  /**
   * True for an append nobody waits to hear of, which then sends no commit notice
   * (waitForAppend, watchCommits): a delivery's records, which the relay keeps in the store only
   * (storeOnlyAppends) and reads on its next wake-up, at most its idle wait later. Each notice
   * woke every listening backend and process: the relay and the webhooks service, for each
   * delivery the webhooks service recorded.
   */
  quietAppend?: (streamName: string, events: readonly NewEvent[]) => boolean;
}

/** The default EventStore adapter. Run `eventStoreMigrations` first. */
export class PostgresEventStore implements EventStore {
  private readonly projections: readonly InlineProjection[];
  private readonly channel: string;
  private readonly listener: AppendListener;
  private readonly commits: CommitNotices;
  private readonly beforeAppend: (types: readonly string[]) => void;
  private readonly statements: GroupedAppends;
  private readonly quietAppend: (streamName: string, events: readonly NewEvent[]) => boolean;

  /** The pool stays the caller's: close() ends only the store's own LISTEN connection. */
  constructor(
    private readonly pool: Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.projections = options.inlineProjections ?? [];
    this.channel = options.notifyChannel ?? DEFAULT_APPEND_CHANNEL;
    this.listener = new AppendListener(pool.options, this.channel);
    this.commits = new CommitNotices(pool.options, this.channel);
    this.beforeAppend = options.beforeAppend ?? (() => undefined);
    this.quietAppend = options.quietAppend ?? (() => false);
    this.statements = new GroupedAppends(pool, { notifyChannel: this.channel, statementsInFlight: options.appendStatementsInFlight ?? 1, maxGroup: 64 });
  }

  async append(streamName: string, events: NewEvent[], expected: ExpectedVersion, options: AppendOptions = {}): Promise<AppendResult> {
    this.beforeAppend(events.map((event) => event.type));
    // Without an inline projection to apply in a transaction, the append is one statement and its
    // own transaction: none reached, or their writes follow from the caller's fold or the event alone.
    const reached = projectionsFor(this.projections, events);
    const writes = writesInStatement(reached, events, expected, options.folded);
    const quiet = this.quietAppend(streamName, events);
    const outcome = await (writes === null && reached.length > 0
      ? this.appendInTransaction(streamName, events, expected, reached, quiet)
      : this.statements.append({ streamName, events, expected, writes: writes ?? [], traceparent: currentTraceparent(), quiet })
    ).catch((err: unknown) => {
      throw reached.reduce<Error | undefined>((refusal, projection) => refusal ?? projection.refusalOf?.(err, events), undefined) ?? err;
    });
    if (outcome.kind === 'repeated') return outcome.result;
    const last = outcome.appended[outcome.appended.length - 1];
    return last ? { nextExpectedRevision: last.streamRevision, checkpoint: last.checkpoint } : await this.currentPosition(streamName);
  }

  /** An append whose inline projections refold its streams, in a transaction with them. */
  private async appendInTransaction(
    streamName: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    projections: readonly InlineProjection[],
    quiet: boolean,
  ): Promise<AppendOutcome> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      try {
        await client.query('BEGIN');
        const outcome = await appendAndProject(client, streamName, events, expected, { projections, notifyChannel: quiet ? null : this.channel });
        await client.query('COMMIT');
        return outcome;
      } catch (err) {
        // Without a server a ROLLBACK would wait out another timeout; the destroyed connection rolls back anyway.
        if (isDatabaseUnavailable(err)) {
          broken = err instanceof Error ? err : new Error(String(err));
          throw err;
        }
        await client.query('ROLLBACK').catch((rollbackErr: Error) => {
          broken = rollbackErr;
        });
        if (!isUniqueViolation(err, 'events_event_id_key')) throw err;
        // Committed meanwhile by an identical append to this stream, or a real clash.
        return { kind: 'repeated', result: await resolveDuplicateIds(client, streamName, events) };
      }
    } finally {
      client.release(broken);
    }
  }

  asStored(data: unknown): unknown {
    return inJsonbOrder(data);
  }

  async read(streamName: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_name = $1 AND stream_revision >= $2 ORDER BY stream_revision`,
      [streamName, options.fromRevision ?? 0],
    );
    return rows.map(toRecordedEvent);
  }

  /**
   * The transaction-id horizon (as Emmett's PostgreSQL store): a row is returned only when its
   * transaction is older than the oldest one still running anywhere on the server, so no
   * transaction that could still commit can sort before it. Rows are ordered by
   * (transaction_id, global_position), the order in which they become safe.
   */
  async readAll(checkpoint: string | null, limit: number, options: ReadAllOptions = {}): Promise<ReadAllPage> {
    const from = decodeCheckpoint(checkpoint);
    // One row past the page says whether more wait: safe rows sort first (their ids are the lower).
    const { rows } = await this.pool.query<EventRow & { safe: boolean }>(
      `SELECT ${EVENT_POSITION_COLUMNS}, event_type, recorded_at,
              CASE WHEN event_type = ANY($4::text[]) THEN NULL ELSE data END AS data,
              CASE WHEN event_type = ANY($4::text[]) THEN NULL ELSE metadata END AS metadata,
              transaction_id < pg_snapshot_xmin(pg_current_snapshot()) AS safe
         FROM events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
        ORDER BY transaction_id, global_position
        LIMIT $3`,
      [from.transactionId, from.globalPosition, limit + 1, options.withoutPayload ?? []],
    );
    const safe = rows.slice(0, limit).filter((row) => row.safe);
    // A row read without its payload has null metadata: the rows are this call's own, so it is set in place.
    const events = safe.map((row) => toRecordedEvent(row.metadata === null ? Object.assign(row, { metadata: NO_METADATA }) : row));
    const last = events[events.length - 1];
    const heldBack = rows.some((row) => !row.safe);
    return { events, checkpoint: last ? last.checkpoint : (checkpoint ?? encodeCheckpoint(from)), ...(heldBack ? { heldBack } : {}) };
  }

  async readWorkspace(workspaceId: string, checkpoint: string | null, limit: number, types: readonly string[]): Promise<RecordedEvent[]> {
    const from = decodeCheckpoint(checkpoint);
    // events_workspace_order: the workspace's range of the index, from the checkpoint on, in store order.
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS}
         FROM events
        WHERE metadata ->> 'workspace_id' = $1
          AND (transaction_id, global_position) > ($2::xid8, $3::bigint)
          AND event_type = ANY($5::text[])
        ORDER BY transaction_id, global_position
        LIMIT $4`,
      [workspaceId, from.transactionId, from.globalPosition, limit, types],
    );
    return rows.map(toRecordedEvent);
  }

  async readWorkspaceBackwards(workspaceId: string, before: string | null, limit: number, filter: WorkspaceEventFilter): Promise<RecordedEvent[]> {
    const to = before === null ? NEWEST : decodeCheckpoint(before);
    // events_workspace_order, the workspace's range walked backwards from the cursor; the other filters only narrow it.
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS}
         FROM events
        WHERE metadata ->> 'workspace_id' = $1
          AND (transaction_id, global_position) < ($2::xid8, $3::bigint)
          AND event_type = ANY($5::text[])
          AND ($6::text IS NULL OR stream_name = $6)
          AND ($7::timestamptz IS NULL OR recorded_at >= $7)
          AND ($8::timestamptz IS NULL OR recorded_at < $8)
        ORDER BY transaction_id DESC, global_position DESC
        LIMIT $4`,
      [
        workspaceId,
        to.transactionId,
        to.globalPosition,
        limit,
        filter.types,
        filter.streamName ?? null,
        filter.recordedFrom ?? null,
        filter.recordedBefore ?? null,
      ],
    );
    return rows.map(toRecordedEvent);
  }

  async readEvent(eventId: string): Promise<RecordedEvent | null> {
    const { rows } = await this.pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = $1`, [eventId]);
    return rows[0] ? toRecordedEvent(rows[0]) : null;
  }

  appendsHeard(): number {
    return this.listener.heard;
  }

  waitForAppend(timeoutMs: number, signal?: AbortSignal, after?: number, wakesFor?: (streamName: string) => boolean): Promise<void> {
    return this.listener.wait(timeoutMs, signal, after, wakesFor);
  }

  watchCommits(observer: CommitObserver): () => void {
    return this.commits.watch(observer);
  }

  /** Replays every stored event the projection handles, in store order, after its reset(). */
  rebuildProjection(projection: InlineProjection): Promise<number> {
    return rebuildInlineProjection(this.pool, projection);
  }

  async close(): Promise<void> {
    await Promise.all([this.listener.close(), this.commits.close()]);
  }

  /** An empty append still checks the expected version; it reports where the stream stands. */
  private async currentPosition(streamName: string): Promise<AppendResult> {
    const { rows } = await this.pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_name = $1 ORDER BY stream_revision DESC LIMIT 1`, [
      streamName,
    ]);
    const last = rows[0] ? toRecordedEvent(rows[0]) : undefined;
    return last
      ? { nextExpectedRevision: last.streamRevision, checkpoint: last.checkpoint }
      : { nextExpectedRevision: -1, checkpoint: encodeCheckpoint(decodeCheckpoint(null)) };
  }
}
