import { PUBLIC_EVENT_TYPES } from '@eh/contracts';
import type { EventStore, RecordedEvent } from '@eh/event-store';
import { counter } from '@eh/platform';

/** Rows of the workspace's events one read of a replay takes. */
export const REPLAY_PAGE_SIZE = 100;

const pagesRead = counter('eh_event_stream_replay_pages_total', 'Pages of a workspace’s events read by `GET /v1/events/stream` replays (Last-Event-ID)');

/**
 * A workspace stream's replay of what it missed after `Last-Event-ID`: the workspace's own public
 * events (EventStore.readWorkspace, an index range), page by page in store order, at most
 * `maxEvents` rows in all. The caller reads a page only while its client is still there, so a
 * replay stops with the client; past `maxEvents`, `truncatedAt` is where the next one continues.
 */
export class WorkspaceReplay {
  private position: string;
  private read = 0;
  private finished = false;
  private truncated: string | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly workspaceId: string,
    after: string,
    private readonly maxEvents: number,
  ) {
    this.position = after;
  }

  /** Rows the next read asks for: 0 once every event was read or the bound was reached. */
  get nextPageSize(): number {
    return this.finished ? 0 : Math.max(0, Math.min(REPLAY_PAGE_SIZE, this.maxEvents - this.read));
  }

  /** The next page, or null once every event was read or the bound was reached. */
  async nextPage(): Promise<RecordedEvent[] | null> {
    if (this.finished) return null;
    if (this.read >= this.maxEvents) {
      this.finished = true;
      this.truncated = this.position;
      return null;
    }
    const size = Math.min(REPLAY_PAGE_SIZE, this.maxEvents - this.read);
    const page = await this.store.readWorkspace(this.workspaceId, this.position, size, PUBLIC_EVENT_TYPES);
    pagesRead.inc();
    this.read += page.length;
    const last = page[page.length - 1];
    if (last) this.position = last.checkpoint;
    if (page.length < size) this.finished = true;
    return page.length > 0 ? page : null;
  }

  /** Where a replay cut short by `maxEvents` stopped reading (its last row's checkpoint); null otherwise. */
  get truncatedAt(): string | null {
    return this.truncated;
  }
}
