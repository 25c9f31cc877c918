import { isDatabaseUnavailable } from '@eh/platform';

/**
 * Tells a cache of credentials whether it may answer from memory: only while the last look at
 * the change marks began within `boundMs`. A revocation moves its mark in the transaction that
 * revokes, so a look begun after it sees the move and empties the caches; a credential is
 * therefore never let in more than `boundMs` after its revocation, whatever the number of keys,
 * and one small query per `boundMs` under load replaces a lookup per request. Looks are made only
 * while requests come: an idle gateway asks nothing, and the first requests after a pause find
 * the marks unconfirmed (see CredentialCache for what they do then).
 */
export class ChangeMarkWatch {
  private seen: string | undefined;
  /** When the last look that answered began (-Infinity before the first). */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private looking: Promise<void> | undefined;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly readMarks: () => Promise<string>,
    private readonly boundMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Called whenever a look finds the marks moved: the caches forget what they hold. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * True if what was cached may be served now. Looks again in the background once half the
   * bound has passed, so under steady load the marks stay confirmed and no request waits for a
   * look; while they are not, callers go to the database as if nothing were cached.
   */
  confirmed(): boolean {
    const age = this.now() - this.confirmedAt;
    if (age > this.boundMs / 2) this.look().catch(() => undefined);
    return age <= this.boundMs;
  }

  /**
   * Waits for the look under way (or one started now) and says whether the marks are confirmed
   * after it. A database that did not answer fails the call, as a credential's own lookup would
   * have: a request waits on one query either way.
   */
  async confirmedByLook(): Promise<boolean> {
    try {
      await this.look();
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      return false;
    }
    return this.confirmed();
  }

  /** Resolves once the look under way (or one started now) has answered or failed. */
  settled(): Promise<void> {
    return this.look().catch(() => undefined);
  }

  /** One look at a time: requests arriving together share it. */
  private look(): Promise<void> {
    this.looking ??= this.readOnce().finally(() => {
      this.looking = undefined;
    });
    return this.looking;
  }

  private async readOnce(): Promise<void> {
    const startedAt = this.now();
    const marks = await this.readMarks();
    if (this.seen !== undefined && marks !== this.seen) for (const listener of this.listeners) listener();
    this.seen = marks;
    this.confirmedAt = Math.max(this.confirmedAt, startedAt);
  }
}
