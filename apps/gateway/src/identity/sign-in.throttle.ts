import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RetryAfterError } from '@eh/contracts';
import { SIGN_IN_SLOTS_SCRIPT } from './sign-in-slots.script';
import { FailOpenWarning } from '../http/fail-open-warning';

export interface SignInThrottleOptions {
  /** `config.redisPrefix`. */
  prefix: string;
  /** Attempts on one account from one client address (`CONSOLE_SIGNIN_ACCOUNT_LIMIT`). */
  accountLimit: number;
  /** Attempts from one client address, whatever the accounts (`CONSOLE_SIGNIN_ADDRESS_LIMIT`). */
  addressLimit: number;
  /** Attempts on one account from every address together (`CONSOLE_SIGNIN_ACCOUNT_TOTAL_LIMIT`): a much higher bound. */
  accountTotalLimit: number;
  windowMs: number;
}

/**
 * Failed console sign-ins in sliding windows shared by every gateway replica (Redis):
 * - per account and client address: the guesser at one address gets `accountLimit` tries at a
 *   person, while the person, from their own address, still signs in;
 * - per client address, whatever the accounts: one client trying many people;
 * - per account from every address: a much higher bound on a guesser spread over many addresses
 *   (it can lock the person out, but only after that many guesses).
 * Every attempt takes a slot in all three windows atomically before its password is checked, so
 * twelve at once against a limit of five check five and refuse seven (429); a success gives its
 * slot back and clears that account's failures from that address. A full window means 429 before
 * the password is looked at, so a blocked guesser learns nothing. Emails are hashed: no addresses
 * of people in Redis keys. Fails open while Redis cannot answer, like every Redis limit here:
 * argon2 still makes each guess cost.
 */
export class SignInThrottle {
  private readonly failOpen = new FailOpenWarning('SignInThrottle', 'failed sign-ins not throttled');

  constructor(
    private readonly redis: Redis,
    private readonly options: SignInThrottleOptions,
  ) {}

  /** The three windows of an attempt; one hash tag, so they stay in one slot of a Redis cluster. */
  keysFor(email: string, address: string): { pair: string; address: string; account: string } {
    const account = accountKey(email);
    const base = `${this.options.prefix}:{signin}`;
    return { pair: `${base}:pair:${account}:${address}`, address: `${base}:address:${address}`, account: `${base}:account:${account}` };
  }

  /** Runs `attempt` (verify the password) once it has a slot; a null result is a failure and keeps it. */
  async attempt<T>(email: string, address: string, requestId: string, attempt: () => Promise<T | null>): Promise<T | null> {
    const keys = this.keysFor(email, address);
    const windows: [string, number][] = [
      [keys.pair, this.options.accountLimit],
      [keys.address, this.options.addressLimit],
      [keys.account, this.options.accountTotalLimit],
    ];
    const waitMs = await this.take(windows, requestId);
    if (waitMs !== null && waitMs > 0) {
      const wait = Math.max(1, Math.ceil(waitMs / 1000));
      throw new RetryAfterError('rate_limited', `too many failed sign-ins for this account or from this address; retry after ${wait} s`, wait);
    }
    let result: T | null;
    try {
      result = await attempt();
    } catch (error) {
      // Not a wrong password (the database, say): the slot goes back.
      await this.giveBack(windows, requestId);
      throw error;
    }
    if (result !== null) {
      await this.giveBack(windows, requestId);
      await this.redis.del(keys.pair).catch(() => undefined);
    }
    return result;
  }

  /** ms to wait (0: the slot is taken), or null when Redis cannot answer (fail open). */
  private async take(windows: [string, number][], member: string, nowMs?: number): Promise<number | null> {
    const keys = windows.map(([key]) => key);
    const args = [String(this.options.windowMs), member, nowMs === undefined ? '' : String(nowMs), ...windows.map(([, limit]) => String(limit))];
    try {
      const reply = await SIGN_IN_SLOTS_SCRIPT.run(this.redis, keys, args);
      if (!Array.isArray(reply) || reply.length !== 2 || typeof reply[1] !== 'number')
        throw new Error(`unexpected sign-in slots reply ${JSON.stringify(reply)}`);
      return reply[0] === 1 ? 0 : reply[1];
    } catch (error) {
      this.failOpen.warn(error);
      return null;
    }
  }

  private async giveBack(windows: [string, number][], member: string): Promise<void> {
    await Promise.all(windows.map(([key]) => this.redis.zrem(key, member))).catch(() => undefined);
  }
}

const accountKey = (email: string): string => createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
