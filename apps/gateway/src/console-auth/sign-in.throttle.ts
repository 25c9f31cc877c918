import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AuthFailureThrottle } from '../http/auth-throttle/auth-failure-throttle';
import { throttleVerdict } from '../http/auth-throttle/failed-auth.rules';
import { RetryAfterError } from '../http/retry-after.error';

export interface SignInThrottleOptions {
  /** `config.redisPrefix`. */
  prefix: string;
  accountLimit: number;
  addressLimit: number;
  windowMs: number;
}

/**
 * Failed console sign-ins, counted per account (the email, hashed: no addresses in Redis keys)
 * and per client address in sliding windows shared by every gateway replica (issue 12). Either
 * window full means 429 before the password is even checked, so a guesser learns nothing more.
 * The account window slows a spread-out attack on one person; the address window one client
 * trying many accounts. A success clears that account's failures. Fails open like every Redis
 * limit here: argon2 still makes each guess cost.
 */
export class SignInThrottle {
  private readonly accounts: AuthFailureThrottle;
  private readonly addresses: AuthFailureThrottle;

  constructor(
    private readonly redis: Redis,
    private readonly options: SignInThrottleOptions,
  ) {
    this.accounts = new AuthFailureThrottle(redis, { prefix: `${options.prefix}:signin-account`, limit: options.accountLimit, windowMs: options.windowMs });
    this.addresses = new AuthFailureThrottle(redis, { prefix: `${options.prefix}:signin-address`, limit: options.addressLimit, windowMs: options.windowMs });
  }

  /** Runs `attempt` (verify the password) unless throttled; a null result is a failure, counted in both windows. */
  async attempt<T>(email: string, address: string, requestId: string, attempt: () => Promise<T | null>): Promise<T | null> {
    const account = accountKey(email);
    const [byAccount, byAddress] = await Promise.all([this.accounts.look(account, ''), this.addresses.look(address, '')]);
    const verdicts = [byAccount ? throttleVerdict(this.options.accountLimit, byAccount) : null, byAddress ? throttleVerdict(this.options.addressLimit, byAddress) : null];
    const waits = verdicts.flatMap((verdict) => (verdict?.blocked ? [verdict.retryAfterSeconds] : []));
    if (waits.length > 0) {
      const wait = Math.max(...waits);
      throw new RetryAfterError('rate_limited', `too many failed sign-ins for this account or from this address; retry after ${wait} s`, wait);
    }
    const result = await attempt();
    if (result === null) await Promise.all([this.accounts.look(account, requestId), this.addresses.look(address, requestId)]);
    else await this.redis.del(this.accounts.keyFor(account)).catch(() => undefined);
    return result;
  }
}

const accountKey = (email: string): string => createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
