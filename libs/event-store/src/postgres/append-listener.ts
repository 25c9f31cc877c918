import { Client, type ClientConfig } from 'pg';
import { parseAppendNotice } from './commit-notices';

/** Wake-ups whose streams are remembered, so a filtered wait can tell what it missed since `after`. */
const REMEMBERED_WAKE_UPS = 256;

/** A waiter, and the streams whose appends end its wait (all, when unset). */
interface Waiter {
  wake(): void;
  wakesFor: ((streamName: string) => boolean) | undefined;
}

/**
 * One LISTEN connection per store, started on first use. Wakes every waiter on each
 * notification; a waiter also wakes on its timeout, which covers notifications lost while
 * (re)connecting and appends that commit before an older transaction does (readAll can only
 * return them once that one ends, and no second notification comes).
 */
export class AppendListener {
  private client: Client | undefined;
  private starting: Promise<void> | undefined;
  private readonly waiters = new Set<Waiter>();
  /** The stream of each recent wake-up, by its number; undefined for a lost connection, which may hide any append. */
  private readonly recent = new Map<number, string | undefined>();
  private closed = false;
  /** Wake-ups so far: notifications, and lost connections (an append may have gone unheard). */
  private wakeUps = 0;

  constructor(
    private readonly connection: ClientConfig,
    private readonly channel: string,
  ) {}

  get heard(): number {
    return this.wakeUps;
  }

  /**
   * `after`: a `heard` count read earlier; a wake-up since then resolves at once. `wakesFor`: an
   * append to a stream it rejects does not end the wait (the relay holding events that
   * may wait need not read for another of them); a lost connection always does.
   */
  async wait(timeoutMs: number, signal?: AbortSignal, after?: number, wakesFor?: (streamName: string) => boolean): Promise<void> {
    if (this.closed || signal?.aborted || this.wokenSince(after, wakesFor)) return;
    // A failed LISTEN is not fatal: the timeout still bounds the wait, and the next call retries.
    await this.ensureListening().catch(() => undefined);
    // Checked again: the signal may have fired, or a notification come, while LISTEN was starting.
    if (this.closed || signal?.aborted || this.wokenSince(after, wakesFor)) return;
    await new Promise<void>((resolve) => {
      const waiter: Waiter = {
        wake: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', waiter.wake);
          this.waiters.delete(waiter);
          resolve();
        },
        wakesFor,
      };
      const timer = setTimeout(waiter.wake, timeoutMs);
      signal?.addEventListener('abort', waiter.wake, { once: true });
      this.waiters.add(waiter);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    // A LISTEN still starting sees `closed` and ends its own client.
    await this.starting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private ensureListening(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.starting ??= this.listen().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async listen(): Promise<void> {
    const client = new Client(this.connection);
    client.on('notification', ({ payload }) => this.wakeAll(parseAppendNotice(payload).streamName || undefined));
    client.on('error', () => this.drop(client));
    client.on('end', () => this.drop(client));
    await client.connect();
    // The channel is an identifier, not a parameter; escapeIdentifier quotes it safely.
    await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private drop(client: Client): void {
    if (this.client === client) this.client = undefined;
    this.wakeAll();
  }

  /** Whether a wake-up numbered past `after` is one `wakesFor` would have woken for; when no longer remembered, assumed so. */
  private wokenSince(after: number | undefined, wakesFor: ((streamName: string) => boolean) | undefined): boolean {
    if (after === undefined || this.wakeUps <= after) return false;
    if (!wakesFor) return true;
    for (let wakeUp = after + 1; wakeUp <= this.wakeUps; wakeUp++) {
      if (!this.recent.has(wakeUp)) return true;
      const streamName = this.recent.get(wakeUp);
      if (streamName === undefined || wakesFor(streamName)) return true;
    }
    return false;
  }

  /** `streamName`: the append's stream; undefined when unknown (a lost connection, a notice without one). */
  private wakeAll(streamName?: string): void {
    this.wakeUps++;
    this.recent.set(this.wakeUps, streamName);
    this.recent.delete(this.wakeUps - REMEMBERED_WAKE_UPS);
    for (const waiter of [...this.waiters]) {
      if (streamName === undefined || !waiter.wakesFor || waiter.wakesFor(streamName)) waiter.wake();
    }
  }
}
