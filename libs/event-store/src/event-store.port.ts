/**
 * The event store port. Storage-agnostic: the PostgreSQL
 * adapter is the default; any other adapter must pass the same contract suite
 * (libs/event-store/src/testing/event-store.contract.ts).
 */

/** `no_stream`: the stream must not exist. `stream_exists`: it must have at least one event.
 *  `any`: no check. A number: the revision of the stream's last event (0-based). */
export type ExpectedVersion = 'no_stream' | 'stream_exists' | 'any' | number;

/** What every event carries besides its data; kept apart from `data`. */
export interface EventMetadata {
  workspace_id: string;
  correlation_id: string;
  causation_id: string | null;
  schema_version: number;
  /** When the change happened, as the command said (not when it was stored). */
  occurred_at: string;
  /**
   * W3C trace context of the span that appended the event, stamped by the store when
   * one is active; the relay sends it on as the NATS `traceparent` header. Never part of the domain.
   */
  traceparent?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Globally unique (`evt_<ulid>`, or derived deterministically from the causing event). */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamName: string;
  /** 0-based position of the event inside its stream. */
  streamRevision: number;
  /** Position in the store-wide order; opaque to callers, comparable only by the store. */
  checkpoint: string;
  recordedAt: string;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: number;
  /** Checkpoint of the last appended event. */
  checkpoint: string;
  /** The same events (same ids) were stored by an earlier append: this one wrote nothing. */
  repeated?: true;
}

export interface ReadAllOptions {
  /**
   * Event types read without their payload: each comes with `data` null and `metadata`
   * empty. For a reader that passes over them knowing their type alone (the relay, over the types
   * its qualifiers never publish: a delivery's attempts), so the store neither writes their JSON
   * out nor parses it again.
   */
  withoutPayload?: readonly string[];
}

export interface ReadAllPage {
  events: RecordedEvent[];
  /** Where the next read starts; equal to the input when nothing new was safe to read. */
  checkpoint: string;
  /**
   * A committed event past the page waits for an older transaction still running (not safe yet):
   * read again soon, even though no append may be heard (that transaction may append nothing).
   */
  heldBack?: boolean;
}

/**
 * What the caller already knows about the stream after the append: handleCommand has
 * folded the events it decides. Inline projections that derive their rows from that fold
 * (`fromState`) then write them in the append's own statement instead of refolding in a transaction.
 */
export interface AppendOptions {
  /**
   * The state after the events, folded by `fold` (a decider). A projection trusts it only from a
   * fold with its own `evolve` and `upcasters` (compared by identity): the same function of the same events.
   */
  folded?: { fold: { evolve: unknown; upcasters?: unknown }; state: unknown };
}

export interface EventStore {
  append(streamName: string, events: NewEvent[], expected: ExpectedVersion, options?: AppendOptions): Promise<AppendResult>;
  /**
   * Event data as a read returns it (PostgreSQL's jsonb reorders object keys): handleCommand folds
   * new events in this form, so the state it passes with an append equals what a read would fold.
   */
  asStored?(data: unknown): unknown;
  /**
   * All events of one stream in revision order; an empty array when it does not exist.
   * `fromRevision`: only events at that revision or later (a reader that keeps folded state).
   */
  read(streamName: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /**
   * Events after `checkpoint` in store order, never skipping one whose transaction commits late:
   * only events whose position can no longer be preceded by an uncommitted one are returned.
   */
  readAll(checkpoint: string | null, limit: number, options?: ReadAllOptions): Promise<ReadAllPage>;
  /**
   * One workspace's events of `types` after `checkpoint`, in store order, at most `limit`: what a
   * workspace's event stream replays. Costs in proportion to that workspace's events, never the
   * store's (PostgreSQL: an index on the workspace and the store order). Committed events only;
   * unlike readAll it does not hold back one a running transaction could still precede, since its
   * readers go live on every later event anyway.
   */
  readWorkspace(workspaceId: string, checkpoint: string | null, limit: number, types: readonly string[]): Promise<RecordedEvent[]>;
  /**
   * One workspace's events before `before` (a checkpoint; null: from the newest), newest first, at
   * most `limit`, of `filter.types`, optionally of one stream and recorded within a range: what the
   * events API lists. The same index as `readWorkspace`, walked backwards.
   */
  readWorkspaceBackwards(workspaceId: string, before: string | null, limit: number, filter: WorkspaceEventFilter): Promise<RecordedEvent[]>;
  /** One event by its id, or null. */
  readEvent(eventId: string): Promise<RecordedEvent | null>;
  /**
   * Resolves when something may have been appended since the call, or after `timeoutMs`; at once
   * if `after` (an earlier appendsHeard()) is behind: an append heard meanwhile is not missed.
   * `wakesFor`: an append to a stream it rejects does not end the wait; anything that may have
   * hidden an append (a lost connection) still does.
   */
  waitForAppend(timeoutMs: number, signal?: AbortSignal, after?: number, wakesFor?: (streamName: string) => boolean): Promise<void>;
  /** A count of the appends this store has heard of, for waitForAppend's `after`. */
  appendsHeard(): number;
  /**
   * Reports committed appends to `observer`, in commit order, until the returned
   * function is called. Optional: a store without it reports nothing, and callers ask the store.
   */
  watchCommits?(observer: CommitObserver): () => void;
  close(): Promise<void>;
}

/** What a store's commit feed tells its observers (EventStore.watchCommits). */
export interface CommitObserver {
  /**
   * From now on, every committed append is reported, until `lost`. `committedBefore`: every
   * transaction id below it had ended (committed or rolled back) before this was called, so its
   * appends are visible to any read from now on (PostgreSQL: the xmin of a snapshot taken after LISTEN).
   */
  listening(committedBefore?: string): void;
  /**
   * A transaction that appended to `streamName` committed, and is visible to new reads. Reported
   * in commit order. `transactionId` as in the checkpoints of its events; undefined if unknown.
   */
  appended(streamName: string, transactionId: string | undefined): void;
  /** The feed broke: commits from now until the next `listening` may go unreported. */
  lost(): void;
}

/** The stream's actual revision did not match the expected version. Retry after folding again. */
export class WrongExpectedVersionError extends Error {
  readonly code = 'wrong_expected_version';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedVersion,
    /** -1 when the stream does not exist. */
    readonly actualRevision: number,
  ) {
    super(`stream ${streamName}: expected version ${String(expected)}, actual revision ${actualRevision}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** What `readWorkspaceBackwards` narrows to, beside the workspace. */
export interface WorkspaceEventFilter {
  types: readonly string[];
  streamName?: string;
  /** Recorded at or after (ISO 8601). */
  recordedFrom?: string;
  /** Recorded before (ISO 8601). */
  recordedBefore?: string;
}
