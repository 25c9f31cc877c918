import type { ServerResponse } from 'node:http';

export interface RefusalPacingOptions {
  /** The pause before a refusal is answered; 0 answers at once. */
  holdMs: number;
  /** Refusals held at once per subject; past it the next is answered at once. */
  heldPerSubject: number;
}

/**
 * Answers a rate-limit refusal after a pause instead of at once. A client that retries as soon
 * as it is refused (a loop that ignores Retry-After) otherwise sends hundreds of requests a
 * second, each of which the gateway authenticates and refuses while every other tenant waits;
 * held, each of its connections costs one cheap refusal a second. The pause is never longer
 * than the Retry-After the answer carries, so a client that honours it waits no longer than it
 * would have. Held answers are bounded per subject (a key, a member, an expert), so a caller
 * cannot hold an unbounded number of connections open through it; the connection cap per client
 * address bounds the rest.
 */
interface HeldRefusal {
  timer: NodeJS.Timeout;
  answerNow: () => void;
}

export class RefusalPacing {
  private readonly heldBySubject = new Map<string, number>();
  private readonly holding = new Set<HeldRefusal>();

  constructor(private readonly options: RefusalPacingOptions) {}

  /** How long a refusal of `subject` waiting `retryAfterSeconds` is held now: 0 to answer at once. */
  holdFor(subject: string, retryAfterSeconds: number): number {
    if (this.options.holdMs <= 0) return 0;
    if ((this.heldBySubject.get(subject) ?? 0) >= this.options.heldPerSubject) return 0;
    return Math.min(this.options.holdMs, retryAfterSeconds * 1000);
  }

  /** Calls `answer` after the pause, or at once; never if the client goes in the meantime. */
  answer(subject: string, retryAfterSeconds: number, response: ServerResponse, answer: () => void): void {
    const holdMs = this.holdFor(subject, retryAfterSeconds);
    if (holdMs === 0) {
      answer();
      return;
    }
    const release = (send: boolean): void => {
      if (!this.holding.delete(held)) return;
      clearTimeout(held.timer);
      response.off('close', onGone);
      this.count(subject, -1);
      if (send) answer();
    };
    const onGone = (): void => release(false);
    const held: HeldRefusal = { timer: setTimeout(() => release(true), holdMs), answerNow: () => release(true) };
    this.holding.add(held);
    this.count(subject, 1);
    response.once('close', onGone);
  }

  /** Answers every held refusal now (the server is closing). */
  releaseAll(): void {
    for (const held of [...this.holding]) held.answerNow();
  }

  /** Refusals held now, all subjects together. */
  get size(): number {
    return this.holding.size;
  }

  private count(subject: string, change: number): void {
    const held = (this.heldBySubject.get(subject) ?? 0) + change;
    if (held > 0) this.heldBySubject.set(subject, held);
    else this.heldBySubject.delete(subject);
  }
}
