import { PUBLIC_EVENT_TYPES, type KeyMode } from '@eh/contracts';
import { BatchSubjectStates, type PublicEventBody, type SubjectStates } from '@eh/delivery';
import type { EventStore, RecordedEvent } from '@eh/event-store';

/** How far back `GET /v1/events` reaches: events older than this are kept, but not listed. */
export const EVENTS_RETENTION_DAYS = 30;
/** Rows one list request reads at most: past it the page ends early, with a cursor, so no request scans a workspace's whole history. */
export const MAX_ROWS_SCANNED = 1000;
const READ_SIZE = 100;

export interface WorkspaceEventQuery {
  workspaceId: string;
  mode: KeyMode;
  types?: readonly string[];
  deploymentId?: string;
  createdAfter?: string;
  createdBefore?: string;
  limit: number;
  /** The checkpoint the previous page stopped at; null: from the newest. */
  before: string | null;
}

type Render = (recorded: RecordedEvent, now: Date, states: SubjectStates) => Promise<{ body: PublicEventBody; mode: KeyMode } | null>;

/**
 * A page of the workspace's public events of one mode, newest first: read backwards through the
 * workspace's index, rendered as the webhook body (each stream read once a batch), the other
 * mode's left out. `next` is where the page stopped (the last row read, even when it was left
 * out), null when nothing older is left; a page may be short when `MAX_ROWS_SCANNED` was reached.
 */
export async function listWorkspaceEvents(
  store: EventStore,
  render: Render,
  query: WorkspaceEventQuery,
  now: Date,
): Promise<{ data: PublicEventBody[]; next: string | null }> {
  const retentionFloor = new Date(now.getTime() - EVENTS_RETENTION_DAYS * 86_400_000).toISOString();
  const recordedFrom = query.createdAfter && query.createdAfter > retentionFloor ? query.createdAfter : retentionFloor;
  const filter = {
    types: query.types && query.types.length > 0 ? query.types : PUBLIC_EVENT_TYPES,
    ...(query.deploymentId ? { streamName: `deployment-${query.deploymentId}` } : {}),
    recordedFrom,
    ...(query.createdBefore ? { recordedBefore: query.createdBefore } : {}),
  };
  const data: PublicEventBody[] = [];
  let position = query.before;
  let scanned = 0;
  for (;;) {
    const size = Math.min(READ_SIZE, MAX_ROWS_SCANNED - scanned);
    const rows = await store.readWorkspaceBackwards(query.workspaceId, position, size, filter);
    const states = new BatchSubjectStates(store);
    for (const recorded of rows) {
      scanned += 1;
      position = recorded.checkpoint;
      const rendered = await render(recorded, now, states);
      if (rendered && rendered.mode === query.mode) data.push(rendered.body);
      if (data.length === query.limit) return { data, next: position };
    }
    if (rows.length < size) return { data, next: null };
    if (scanned >= MAX_ROWS_SCANNED) return { data, next: position };
  }
}
