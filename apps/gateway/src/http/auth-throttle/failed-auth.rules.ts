/** What the failed-authentication script reports for one address. */
export interface FailureWindow {
  failures: number;
  /** When the address may try again (ms); `nowMs` when it is not blocked. */
  unblockedAtMs: number;
  nowMs: number;
}

export type ThrottleVerdict = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/** Blocked from the limit-th failure in the window on, until it leaves the window (at least 1 s). */
export function throttleVerdict(limit: number, window: FailureWindow): ThrottleVerdict {
  if (window.failures < limit) return { blocked: false };
  return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((window.unblockedAtMs - window.nowMs) / 1000)) };
}

/** The script's reply, checked: Redis hands back integers in an array. */
export function parseFailureWindow(reply: unknown): FailureWindow {
  if (!Array.isArray(reply) || reply.length !== 3 || !reply.every((item) => typeof item === 'number')) {
    throw new Error(`unexpected failed-auth reply ${JSON.stringify(reply)}`);
  }
  const [failures, unblockedAtMs, nowMs] = reply as number[];
  return { failures, unblockedAtMs, nowMs };
}
