import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { parseWindowCount, rateLimitVerdict, type RateLimitVerdict } from './rate-limit.rules';
import { SLIDING_WINDOW_LUA, SLIDING_WINDOW_SHA } from './sliding-window.script';

export interface RateLimiterOptions {
  /** `config.redisPrefix`: keeps each deployment's (and each test's) windows apart. */
  prefix: string;
  limit: number;
  windowMs: number;
}

const WARN_EVERY_MS = 10_000;

/** Per-API-key request windows in Redis, shared by every gateway replica. */
export class RedisRateLimiter {
  private readonly logger = new Logger('RateLimit');
  private lastWarningMs = 0;

  constructor(
    private readonly redis: Redis,
    private readonly options: RateLimiterOptions,
  ) {}

  keyFor(subject: string): string {
    return `${this.options.prefix}:ratelimit:${subject}`;
  }

  /**
   * Counts one request of `subject` (unique `member`). Null when Redis cannot answer: the
   * limiter fails open (docs/decisions.md), since refusing every partner because a cache is
   * down would turn a Redis outage into a full outage.
   */
  async hit(subject: string, member: string, nowMs?: number): Promise<RateLimitVerdict | null> {
    const args = [String(this.options.limit), String(this.options.windowMs), member, nowMs === undefined ? '' : String(nowMs)];
    try {
      const window = parseWindowCount(await this.run(this.keyFor(subject), args));
      return rateLimitVerdict(this.options.limit, this.options.windowMs, window);
    } catch (error) {
      this.warnFailOpen(error);
      return null;
    }
  }

  /** EVALSHA saves sending the script each time; a restarted Redis forgets it, so fall back once. */
  private async run(key: string, args: string[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(SLIDING_WINDOW_SHA, 1, key, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.redis.eval(SLIDING_WINDOW_LUA, 1, key, ...args);
    }
  }

  private warnFailOpen(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarningMs < WARN_EVERY_MS) return;
    this.lastWarningMs = now;
    this.logger.warn(`rate limits not enforced (failing open): ${error instanceof Error ? error.message : String(error)}`);
  }
}
