import type { RateLimitVerdict } from './rate-limit.rules';

/** What one trip to Redis took for a key: the verdict for the request that asked, and the permits granted with it. */
export interface Grant {
  verdict: RateLimitVerdict;
  /** Members `<member>:1` … `<member>:<granted>` were added to the window. */
  member: string;
  granted: number;
}

export interface LeaseBookOptions {
  /** How long permits taken ahead stay usable here; unused ones are then given back. */
  leaseMs: number;
  /** The most permits taken in one trip. */
  maxPermits: number;
  now: () => number;
  /** Takes `wanted` permits (the script may grant fewer); null: Redis did not answer. */
  take(subject: string, member: string, wanted: number): Promise<Grant | null>;
  /** Removes unused permits from the window. Best effort: one lost stays counted until it leaves the window. */
  giveBack(subject: string, members: string[]): void;
}

interface Lease {
  grant: Grant;
  /** Permits of the grant not used yet; the last `left` members are the unused ones. */
  left: number;
  expiresAtMs: number;
}

/** A refusal Redis gave, answered again from memory while it must still hold. */
interface Refusal {
  verdict: RateLimitVerdict;
  atMs: number;
  untilMs: number;
}

interface KeyState {
  lease?: Lease;
  refusal?: Refusal;
  /** The trip to Redis under way for this key, and how many permits it asked for. */
  taking?: { grant: Promise<Grant | null>; wanted: number };
  periodStartMs: number;
  seenThisPeriod: number;
  seenLastPeriod: number;
}

/**
 * Rate-limit permits taken from Redis a few at a time, so a busy API key costs one
 * round trip per lease rather than per request. A key asks for as many permits as it used in this
 * or the previous lease period here (a quiet key asks for one, exactly as without leases), and Redis
 * grants at most a tenth of what the window has left, so a key near its limit is counted one
 * request at a time. Permits not used within `leaseMs` are given back. The headers stay exact
 * for one gateway; with several, `Remaining` does not see what the others hold.
 *
 * A refused key is answered from memory, without a trip, for as long as the refusal must still
 * hold: a window frees a slot only when its oldest request leaves it, and Retry-After (whole
 * seconds, rounded up) says that is at least `retryAfterSeconds - 1` seconds away. At most one
 * lease period, so permits another replica gives back are seen within it. A key that keeps
 * sending past its limit then costs no Redis round trip per request.
 */
export class LeaseBook {
  private readonly keys = new Map<string, KeyState>();

  constructor(private readonly options: LeaseBookOptions) {}

  async hit(subject: string, member: string): Promise<RateLimitVerdict | null> {
    const state = this.stateOf(subject);
    state.seenThisPeriod++;
    const remembered = this.rememberedRefusal(state);
    if (remembered) return remembered;
    const fromLease = this.takeLeased(state);
    if (fromLease) return fromLease;
    // Another request is already asking: its grant may have a permit for this one. If not, one of
    // those waiting asks next, for all of them, and the rest wait for it in turn: a quiet key's
    // first grant is a single permit, and every waiter asking for itself at once sent one trip per
    // request of the burst.
    while (state.taking) {
      const { grant: underway, wanted } = state.taking;
      const grant = await underway;
      // Redis did not answer that trip: it would not answer this one sooner.
      if (!grant) return null;
      const afterWait = this.rememberedRefusal(state) ?? this.takeLeased(state);
      if (afterWait) return afterWait;
      // Rationed (the window is near its limit, counted one request at a time): ask side by side.
      if (grant.granted < wanted) break;
    }
    return this.takeFresh(subject, member, state);
  }

  /** Gives back what expired leases did not use, and forgets keys quiet for two periods. */
  sweep(): void {
    const now = this.options.now();
    for (const [subject, state] of this.keys) {
      this.roll(state, now);
      if (state.lease && now >= state.lease.expiresAtMs) this.expire(subject, state);
      if (state.refusal && now >= state.refusal.untilMs) state.refusal = undefined;
      if (!state.lease && !state.refusal && !state.taking && state.seenThisPeriod === 0 && state.seenLastPeriod === 0) this.keys.delete(subject);
    }
  }

  /** Gives back every unused permit (shutdown). */
  releaseAll(): void {
    for (const [subject, state] of this.keys) if (state.lease) this.expire(subject, state);
  }

  private async takeFresh(subject: string, member: string, state: KeyState): Promise<RateLimitVerdict | null> {
    if (state.lease) this.expire(subject, state);
    const wanted = Math.max(1, Math.min(this.options.maxPermits, Math.max(state.seenLastPeriod, state.seenThisPeriod)));
    const taking = { grant: this.options.take(subject, member, wanted), wanted };
    state.taking = taking;
    try {
      const grant = await taking.grant;
      if (!grant) return null;
      if (!grant.verdict.allowed) this.remember(state, grant.verdict);
      if (grant.granted > 1) {
        if (state.lease) this.expire(subject, state);
        state.lease = { grant, left: grant.granted - 1, expiresAtMs: this.options.now() + this.options.leaseMs };
      }
      return grant.verdict.allowed ? { ...grant.verdict, remaining: grant.verdict.remaining + grant.granted - 1 } : grant.verdict;
    } finally {
      if (state.taking === taking) state.taking = undefined;
    }
  }

  private remember(state: KeyState, verdict: RateLimitVerdict): void {
    const holdsForMs = Math.min(this.options.leaseMs, (verdict.retryAfterSeconds - 1) * 1000);
    if (holdsForMs <= 0) return;
    const atMs = this.options.now();
    state.refusal = { verdict, atMs, untilMs: atMs + holdsForMs };
  }

  private rememberedRefusal(state: KeyState): RateLimitVerdict | null {
    const refusal = state.refusal;
    if (!refusal) return null;
    const now = this.options.now();
    if (now >= refusal.untilMs) {
      state.refusal = undefined;
      return null;
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((refusal.atMs + refusal.verdict.retryAfterSeconds * 1000 - now) / 1000));
    return { ...refusal.verdict, remaining: 0, retryAfterSeconds };
  }

  private takeLeased(state: KeyState): RateLimitVerdict | null {
    const lease = state.lease;
    if (!lease || lease.left === 0 || this.options.now() >= lease.expiresAtMs) return null;
    lease.left--;
    return { ...lease.grant.verdict, remaining: lease.grant.verdict.remaining + lease.left };
  }

  private expire(subject: string, state: KeyState): void {
    const lease = state.lease;
    state.lease = undefined;
    if (!lease || lease.left === 0) return;
    const { member, granted } = lease.grant;
    const unused = Array.from({ length: lease.left }, (_, index) => `${member}:${granted - index}`);
    this.options.giveBack(subject, unused);
  }

  private stateOf(subject: string): KeyState {
    let state = this.keys.get(subject);
    if (!state) {
      state = { periodStartMs: this.options.now(), seenThisPeriod: 0, seenLastPeriod: 0 };
      this.keys.set(subject, state);
    }
    this.roll(state, this.options.now());
    return state;
  }

  private roll(state: KeyState, now: number): void {
    const periods = Math.floor((now - state.periodStartMs) / this.options.leaseMs);
    if (periods <= 0) return;
    state.seenLastPeriod = periods === 1 ? state.seenThisPeriod : 0;
    state.seenThisPeriod = 0;
    state.periodStartMs += periods * this.options.leaseMs;
  }
}
