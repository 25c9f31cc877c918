/** What the sliding-window script reports for one request. */
export interface WindowCount {
  allowed: boolean;
  /** Permits taken (0 when refused); more than one for a lease. */
  granted: number;
  /** Requests counted in the window, this one included when allowed. */
  count: number;
  /** Time of the oldest counted request (ms); `nowMs` when none. */
  oldestMs: number;
  nowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds when the oldest counted request leaves the window, freeing a slot. */
  resetEpochSeconds: number;
  /** Whole seconds to wait before a refused request can succeed (at least 1). */
  retryAfterSeconds: number;
}

/** Window math, kept out of Lua so it is unit-tested. */
export function rateLimitVerdict(limit: number, windowMs: number, window: WindowCount): RateLimitVerdict {
  const freesAtMs = window.oldestMs + windowMs;
  return {
    allowed: window.allowed,
    limit,
    remaining: Math.max(0, limit - window.count),
    resetEpochSeconds: Math.ceil(freesAtMs / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((freesAtMs - window.nowMs) / 1000)),
  };
}

/**
 * One request counted in two windows (its key's, its workspace's): a refusal by either is the
 * answer, and an allowed request shows the window with the least room left, so a client pacing
 * itself on the headers never meets a 429 they did not announce.
 */
export function tighterVerdict(key: RateLimitVerdict, workspace: RateLimitVerdict | null): RateLimitVerdict {
  if (!workspace) return key;
  if (!key.allowed) return key;
  if (!workspace.allowed) return workspace;
  return workspace.remaining < key.remaining ? workspace : key;
}

/** Every response carries these three, so a client can pace itself. */
export function rateLimitHeaders(verdict: RateLimitVerdict): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(verdict.limit),
    'X-RateLimit-Remaining': String(verdict.remaining),
    'X-RateLimit-Reset': String(verdict.resetEpochSeconds),
  };
}

/** The script's reply, checked: Redis hands back integers in an array. */
export function parseWindowCount(reply: unknown): WindowCount {
  if (!Array.isArray(reply) || reply.length !== 4 || !reply.every((item) => typeof item === 'number')) {
    throw new Error(`unexpected sliding-window reply ${JSON.stringify(reply)}`);
  }
  const [granted, count, oldestMs, nowMs] = reply as number[];
  return { allowed: granted > 0, granted, count, oldestMs, nowMs };
}
