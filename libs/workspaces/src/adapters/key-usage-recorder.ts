import type { SqlClient } from '@eh/platform';

export interface KeyUsageRecorderOptions {
  /** A key's time is written at most once per this long (the figure is at most this far behind). */
  everyMs?: number;
  /** Uses noted within this long go out together, in one statement. */
  batchMs?: number;
  /** Past this many keys remembered, the memory starts again (each key then writes once more). */
  maxKeys?: number;
}

/**
 * "last used" without a write per request: each process writes a key's time at most once per
 * `everyMs`, and the keys noted within `batchMs` in one statement. A gateway back from an idle
 * spell sees every partner's key at once; one statement a second then stands where one per key
 * would compete with those requests for the pool. The row only moves forward.
 */
export class KeyUsageRecorder {
  private readonly written = new Map<string, number>();
  private pending = new Map<string, Date>();
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  private readonly everyMs: number;
  private readonly batchMs: number;
  private readonly maxKeys: number;

  constructor(
    private readonly sql: SqlClient,
    options: KeyUsageRecorderOptions = {},
  ) {
    this.everyMs = options.everyMs ?? 60_000;
    this.batchMs = options.batchMs ?? 1000;
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  /** Never fails the request it is called from: a lost write only makes the figure a little older. */
  touch(keyId: string, now: Date): void {
    const last = this.written.get(keyId);
    if (last !== undefined && now.getTime() - last < this.everyMs) return;
    if (this.written.size >= this.maxKeys) this.written.clear();
    this.written.set(keyId, now.getTime());
    this.pending.set(keyId, now);
    // Unreferenced: a pending write never keeps a stopping process alive; the server's close calls flush().
    this.timer ??= setTimeout(() => void this.flush(), this.batchMs).unref();
  }

  /** Writes what is pending now; resolves once it and any write before it are done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size > 0) this.inFlight = Promise.all([this.inFlight, this.write(batch)]).then(() => undefined);
    return this.inFlight;
  }

  private async write(batch: Map<string, Date>): Promise<void> {
    try {
      await this.sql.query(
        `INSERT INTO api_key_usage (key_id, last_used_at) SELECT * FROM unnest($1::text[], $2::timestamptz[])
         ON CONFLICT (key_id) DO UPDATE SET last_used_at = EXCLUDED.last_used_at WHERE api_key_usage.last_used_at < EXCLUDED.last_used_at`,
        [[...batch.keys()], [...batch.values()]],
      );
    } catch {
      // Forgotten, so each key's next use writes it again.
      for (const keyId of batch.keys()) this.written.delete(keyId);
    }
  }
}
