import type { Redis } from 'ioredis';
import { LeaseBook, type Grant } from './rate-limit-leases';
import { parseWindowCount, rateLimitVerdict, type RateLimitVerdict } from './rate-limit.rules';
import { SLIDING_WINDOW_SCRIPT } from './sliding-window.script';
import { FailOpenWarning } from '../fail-open-warning';

export interface RateLimiterOptions {
  /** `config.redisPrefix`: keeps each deployment's (and each test's) windows apart. */
  prefix: string;
  limit: number;
  windowMs: number;
  /** Permits are taken ahead and kept this long (rate-limit-leases.ts); 0 or absent: one trip per request. */
  leaseMs?: number;
  /** The most permits one trip takes (default 100). */
  maxLeasePermits?: number;
}

/** Per-API-key request windows in Redis, shared by every gateway replica. */
export class RedisRateLimiter {
  private readonly failOpen = new FailOpenWarning('RateLimit', 'rate limits not enforced');
  private readonly leases: LeaseBook | undefined;
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly options: RateLimiterOptions,
  ) {
    const leaseMs = options.leaseMs ?? 0;
    if (leaseMs <= 0) return;
    this.leases = new LeaseBook({
      leaseMs,
      maxPermits: options.maxLeasePermits ?? 100,
      now: () => Date.now(),
      take: (subject, member, wanted) => this.take(subject, member, wanted),
      giveBack: (subject, members) => void this.redis.zrem(this.keyFor(subject), ...members).catch((error: unknown) => this.failOpen.warn(error)),
    });
    this.sweeper = setInterval(() => this.leases?.sweep(), leaseMs);
    this.sweeper.unref();
  }

  /** Stops the sweeps and gives back the permits still leased. */
  close(): void {
    clearInterval(this.sweeper);
    this.leases?.releaseAll();
  }

  keyFor(subject: string): string {
    return `${this.options.prefix}:ratelimit:${subject}`;
  }

  /**
   * Counts one request of `subject` (unique `member`), from a lease when leases are on and no
   * `nowMs` (a fixed time, for tests) is given. Null when Redis cannot answer: the
   * limiter fails open (docs/decisions.md), since refusing every partner because a cache is
   * down would turn a Redis outage into a full outage.
   */
  async hit(subject: string, member: string, nowMs?: number): Promise<RateLimitVerdict | null> {
    if (this.leases && nowMs === undefined) return this.leases.hit(subject, member);
    return (await this.take(subject, member, 1, nowMs))?.verdict ?? null;
  }

  /**
   * Counts a cost of `permits` requests of `subject` at once, all or none (a refusal takes
   * nothing): a stream's replay pays for the events it reads. Null when Redis cannot answer (fails open).
   */
  async spend(subject: string, member: string, permits: number, nowMs?: number): Promise<RateLimitVerdict | null> {
    return (await this.take(subject, member, permits, nowMs, true))?.verdict ?? null;
  }

  private async take(subject: string, member: string, wanted: number, nowMs?: number, all = false): Promise<Grant | null> {
    const args = [
      String(this.options.limit),
      String(this.options.windowMs),
      member,
      nowMs === undefined ? '' : String(nowMs),
      String(wanted),
      all ? 'all' : '',
    ];
    try {
      const window = parseWindowCount(await SLIDING_WINDOW_SCRIPT.run(this.redis, [this.keyFor(subject)], args));
      return { verdict: rateLimitVerdict(this.options.limit, this.options.windowMs, window), member, granted: window.granted };
    } catch (error) {
      this.failOpen.warn(error);
      return null;
    }
  }
}
