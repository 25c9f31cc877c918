import { Client, type ClientConfig } from 'pg';

/**
 * One LISTEN connection per store, started on first use. Wakes every waiter on each
 * notification; a waiter also wakes on its timeout, which covers notifications lost while
 * (re)connecting and appends that commit before an older transaction does (readAll can only
 * return them once that one ends, and no second notification comes).
 */
export class AppendListener {
  private client: Client | undefined;
  private starting: Promise<void> | undefined;
  private readonly waiters = new Set<() => void>();
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

  /** `after`: a `heard` count read earlier; a wake-up since then resolves at once. */
  async wait(timeoutMs: number, signal?: AbortSignal, after?: number): Promise<void> {
    if (this.closed || signal?.aborted || (after !== undefined && this.wakeUps > after)) return;
    // A failed LISTEN is not fatal: the timeout still bounds the wait, and the next call retries.
    await this.ensureListening().catch(() => undefined);
    // Checked again: the signal may have fired, or a notification come, while LISTEN was starting.
    if (this.closed || signal?.aborted || (after !== undefined && this.wakeUps > after)) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
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
    client.on('notification', () => this.wakeAll());
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

  private wakeAll(): void {
    this.wakeUps++;
    for (const wake of [...this.waiters]) wake();
  }
}
