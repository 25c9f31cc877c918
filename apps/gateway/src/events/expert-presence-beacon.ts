import { Logger } from '@nestjs/common';
import type { ConsolePresence } from '@eh/routing';

const WARN_EVERY_MS = 10_000;

/**
 * This gateway's share of console presence: while it holds at least one event stream of an
 * expert, it marks them connected in Redis at once and again every third of the grace period, in
 * one pipeline for all of them. It never removes the mark: another stream (here or on another
 * replica) may still hold the expert, and the grace covers a reload; the mark simply lapses.
 */
export class PresenceBeacon {
  private readonly logger = new Logger('ExpertPresence');
  private readonly open = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private lastWarningMs = 0;

  constructor(
    private readonly presence: ConsolePresence,
    private readonly graceMs: number,
    /** An expert not connected anywhere until now: the router may have work waiting for them. */
    private readonly onConnected: (expertId: string) => void = () => undefined,
  ) {}

  /** A stream of this expert opened here; the returned function says it closed. */
  hold(expertId: string): () => void {
    this.open.set(expertId, (this.open.get(expertId) ?? 0) + 1);
    this.beat([expertId]);
    this.timer ??= setInterval(() => this.beat(this.open.keys()), Math.max(50, Math.floor(this.graceMs / 3)));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(expertId) ?? 1) - 1;
      if (left > 0) this.open.set(expertId, left);
      else this.open.delete(expertId);
      if (this.open.size === 0) this.stop();
    };
  }

  get connectedExperts(): number {
    return this.open.size;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private beat(expertIds: Iterable<string>): void {
    this.presence.heartbeat([...expertIds]).then(
      (arrived) => arrived.forEach((expertId) => this.onConnected(expertId)),
      (error: unknown) => {
        // Like the stream slots: Redis away must not end streams; the router fails open meanwhile.
        if (Date.now() - this.lastWarningMs < WARN_EVERY_MS) return;
        this.lastWarningMs = Date.now();
        this.logger.warn(`console presence not recorded: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  }
}
