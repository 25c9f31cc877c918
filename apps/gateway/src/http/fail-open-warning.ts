import { Logger } from '@nestjs/common';

const WARN_EVERY_MS = 10_000;

/**
 * A Redis-backed bound that fails open (the request goes through) says so, at most once every
 * 10 s: during an outage every request would otherwise log the same line.
 */
export class FailOpenWarning {
  private readonly logger: Logger;
  private lastWarningMs = 0;

  constructor(
    context: string,
    /** What goes unbounded meanwhile, e.g. `rate limits not enforced`. */
    private readonly consequence: string,
  ) {
    this.logger = new Logger(context);
  }

  warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarningMs < WARN_EVERY_MS) return;
    this.lastWarningMs = now;
    this.logger.warn(`${this.consequence} (failing open): ${error instanceof Error ? error.message : String(error)}`);
  }
}
