import { DomainError, RetryAfterError } from '@eh/contracts';
import type { Redis } from 'ioredis';
import { parseFailureWindow, throttleVerdict, type FailureWindow, type ThrottleVerdict } from './failed-auth.rules';
import { FAILED_AUTH_SCRIPT } from './failed-auth.script';
import { FailOpenWarning } from '../fail-open-warning';

export interface AuthThrottleOptions {
  /** `config.redisPrefix`: keeps each deployment's (and each test's) windows apart. */
  prefix: string;
  /** Failures per window from one address before it is refused; 0 turns the throttle off. */
  limit: number;
  windowMs: number;
  /**
   * How long an address Redis showed without a single failure is taken as still clean
   * without asking again (0: ask for every request). A failure always goes to Redis and forgets
   * the address here, so every guess is counted and a guesser's address is never taken as clean;
   * what the cache saves is the round trip for the partners whose keys work.
   */
  cleanForMs?: number;
}

/** Enough for every partner's servers; past it the map starts over rather than grow. */
const MAX_CLEAN_ADDRESSES = 10_000;

/**
 * Slows down guessing credentials: after `limit` failed authentications from one
 * client address within the window, every request from it that needs a credential, on /v1,
 * /admin/v1 and /expert/v1 alike, is refused with 429 `rate_limited` and `Retry-After` before
 * its credential is even looked at, so a blocked guesser learns nothing, right or wrong.
 * Shared by every gateway replica through Redis; fails open while Redis is down, as the rate
 * limiter does (docs/decisions.md "REST conventions").
 */
export class AuthFailureThrottle {
  private readonly failOpen = new FailOpenWarning('AuthThrottle', 'failed authentications not throttled');
  /** Address → until when it counts as clean (see `cleanForMs`). */
  private readonly clean = new Map<string, number>();
  /**
   * Address → until when Redis said it is blocked: its requests are refused here without asking
   * again, and its new connections before any request is read (`blockedSeconds`). A guesser's
   * retries then cost a map lookup, not a Redis round trip and the HTTP pipeline each.
   */
  private readonly blocked = new Map<string, number>();

  constructor(
    private readonly redis: Redis,
    private readonly options: AuthThrottleOptions,
  ) {}

  keyFor(address: string): string {
    return `${this.options.prefix}:authfail:${address}`;
  }

  /**
   * Runs `attempt` (a guard's credential check) for a request from `address`, unless the address
   * is blocked; an `authentication_failed` it throws is counted against the address.
   */
  async authenticate<T>(address: string, requestId: string, attempt: () => Promise<T> | T): Promise<T> {
    if (this.options.limit === 0) return attempt();
    const knownBlocked = this.blockedSeconds(address);
    const verdict =
      knownBlocked !== null
        ? { blocked: true as const, retryAfterSeconds: knownBlocked }
        : this.isClean(address)
          ? { blocked: false as const }
          : await this.check(address);
    if (verdict.blocked) {
      if (knownBlocked === null) this.rememberBlocked(address, verdict.retryAfterSeconds);
      throw new RetryAfterError(
        'rate_limited',
        `too many failed authentications from this address in the last minute; retry after ${verdict.retryAfterSeconds} s`,
        verdict.retryAfterSeconds,
      );
    }
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof DomainError && error.code === 'authentication_failed') {
        this.clean.delete(address);
        await this.look(address, requestId);
      }
      throw error;
    }
  }

  /** Seconds this replica still refuses `address` for, as Redis last said; null when it is not known to be blocked. */
  blockedSeconds(address: string): number | null {
    const until = this.blocked.get(address);
    if (until === undefined) return null;
    const left = until - Date.now();
    if (left > 0) return Math.ceil(left / 1000);
    this.blocked.delete(address);
    return null;
  }

  private rememberBlocked(address: string, retryAfterSeconds: number): void {
    if (this.blocked.size >= MAX_CLEAN_ADDRESSES) this.blocked.clear();
    this.blocked.set(address, Date.now() + retryAfterSeconds * 1000);
  }

  private isClean(address: string): boolean {
    const until = this.clean.get(address);
    return until !== undefined && until > Date.now();
  }

  private async check(address: string): Promise<ThrottleVerdict> {
    const window = await this.look(address, '');
    if (!window) return { blocked: false };
    const cleanForMs = this.options.cleanForMs ?? 0;
    if (window.failures === 0 && cleanForMs > 0) {
      if (this.clean.size >= MAX_CLEAN_ADDRESSES) this.clean.clear();
      this.clean.set(address, Date.now() + cleanForMs);
    }
    return throttleVerdict(this.options.limit, window);
  }

  /** The address's window, counting a failure when `member` is set; null when Redis cannot answer. */
  async look(address: string, member: string, nowMs?: number): Promise<FailureWindow | null> {
    const key = this.keyFor(address);
    const args = [String(this.options.limit), String(this.options.windowMs), member, nowMs === undefined ? '' : String(nowMs)];
    try {
      return parseFailureWindow(await FAILED_AUTH_SCRIPT.run(this.redis, [key], args));
    } catch (error) {
      this.failOpen.warn(error);
      return null;
    }
  }
}
