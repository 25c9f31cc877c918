import type { Pool } from 'pg';

interface PendingMark {
  consumer: string;
  eventId: string;
  settle: (error?: unknown) => void;
}

/**
 * Writes `processed_events` rows in batches (one autocommit INSERT per consumed event
 * was a third of PostgreSQL's transactions). A mark is written within a few milliseconds, or at
 * once after the write in flight; its message is acked only after, so a crash before the write
 * only means a redelivery, which handlers already survive (they are idempotent).
 */
export class ProcessedMarks {
  private pending: PendingMark[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly lingerMs = 2,
    private readonly maxBatch = 500,
  ) {}

  /** Resolves once the row is committed; rejects if the write failed (the caller naks). */
  mark(consumer: string, eventId: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({
        consumer,
        eventId,
        settle: (error) => (error === undefined ? resolve() : reject(error instanceof Error ? error : new Error(String(error)))),
      });
      if (this.pending.length >= this.maxBatch) this.flushSoon(0);
      else this.flushSoon(this.lingerMs);
    });
  }

  private flushSoon(delayMs: number): void {
    if (this.writing) return; // the write in flight flushes what gathered meanwhile
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delayMs);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const batch = this.pending.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    this.writing = this.pool
      .query('INSERT INTO processed_events (consumer, event_id) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING', [
        batch.map((mark) => mark.consumer),
        batch.map((mark) => mark.eventId),
      ])
      .then(
        () => batch.forEach((mark) => mark.settle()),
        (error: unknown) => batch.forEach((mark) => mark.settle(error ?? new Error('processed_events write failed'))),
      );
    await this.writing;
    this.writing = undefined;
    if (this.pending.length > 0) this.flushSoon(0);
  }
}

const marksByPool = new WeakMap<Pool, ProcessedMarks>();

/** One batcher per pool, so every consumer of a process shares its writes. */
export function processedMarksFor(pool: Pool): ProcessedMarks {
  let marks = marksByPool.get(pool);
  if (!marks) {
    marks = new ProcessedMarks(pool);
    marksByPool.set(pool, marks);
  }
  return marks;
}
