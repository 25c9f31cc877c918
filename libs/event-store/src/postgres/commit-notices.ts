import { Client, type ClientConfig } from 'pg';
import type { CommitObserver } from '../event-store.port';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/** `<stream> <xid8>` (migration 004); a notice from an older append function has the stream alone. */
export function parseAppendNotice(payload: string | undefined): { streamName: string; transactionId: string | undefined } {
  const text = payload ?? '';
  const space = text.lastIndexOf(' ');
  if (space < 0) return { streamName: text, transactionId: undefined };
  const transactionId = text.slice(space + 1);
  return { streamName: text.slice(0, space), transactionId: /^\d{1,20}$/.test(transactionId) ? transactionId : undefined };
}

/**
 * Every append's NOTIFY, passed on to observers as it arrives. PostgreSQL delivers the
 * notices of different transactions in the order they committed, and only once the commit is
 * visible to new snapshots, so an observer that has heard an event's transaction has heard every
 * commit before it. One LISTEN connection, opened on the first observer and reopened (with
 * back-off) whenever it drops; observers hear `lost` at once, since commits may then go unheard,
 * and `listening` when notices flow again.
 */
export class CommitNotices {
  private readonly observers = new Set<CommitObserver>();
  private client: Client | undefined;
  /** The xmin taken when the current connection began listening (CommitObserver.listening). */
  private listeningSince: string | undefined;
  private connecting = false;
  private retryMs = FIRST_RETRY_MS;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly connection: ClientConfig,
    private readonly channel: string,
  ) {}

  watch(observer: CommitObserver): () => void {
    this.observers.add(observer);
    if (this.client) observer.listening(this.listeningSince);
    else this.connect();
    return () => {
      this.observers.delete(observer);
      if (this.observers.size === 0) this.disconnect();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.observers.clear();
    await this.disconnect();
  }

  private connect(): void {
    if (this.closed || this.connecting || this.client || this.observers.size === 0) return;
    this.connecting = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    const client = new Client(this.connection);
    client.on('notification', ({ payload }) => {
      if (this.client !== client) return;
      const { streamName, transactionId } = parseAppendNotice(payload);
      for (const observer of this.observers) observer.appended(streamName, transactionId);
    });
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    let committedBefore: string | undefined;
    void (async () => {
      try {
        await client.connect();
        // The channel is an identifier, not a parameter; escapeIdentifier quotes it safely.
        await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
        // Taken once LISTEN is in force: a transaction below its xmin ended before, one after it is heard.
        const { rows } = await client.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin');
        committedBefore = rows[0].xmin;
      } catch {
        this.connecting = false;
        await client.end().catch(() => undefined);
        this.scheduleRetry();
        return;
      }
      this.connecting = false;
      if (this.closed || this.observers.size === 0) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.listeningSince = committedBefore;
      this.retryMs = FIRST_RETRY_MS;
      for (const observer of this.observers) observer.listening(committedBefore);
    })();
  }

  private dropped(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    for (const observer of this.observers) observer.lost();
    void client.end().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry || this.observers.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
  }

  private async disconnect(): Promise<void> {
    clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
