import { parseWindowCount, rateLimitHeaders, rateLimitVerdict, tighterVerdict, type RateLimitVerdict } from './rate-limit.rules';

const MINUTE = 60_000;

describe('rateLimitVerdict', () => {
  it('counts down the remaining requests; reset is when the oldest leaves the window', () => {
    const verdict = rateLimitVerdict(1000, MINUTE, { allowed: true, granted: 1, count: 1, oldestMs: 1_700_000_000_500, nowMs: 1_700_000_000_500 });
    expect(verdict).toEqual({ allowed: true, limit: 1000, remaining: 999, resetEpochSeconds: 1_700_000_061, retryAfterSeconds: 60 });
  });

  it('waits, when refused, until the oldest counted request leaves the window (rounded up)', () => {
    const verdict = rateLimitVerdict(5, MINUTE, { allowed: false, granted: 0, count: 5, oldestMs: 1_000_000, nowMs: 1_000_000 + 45_200 });
    expect(verdict).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 15, resetEpochSeconds: 1060 });
  });

  it('never asks to wait less than a second', () => {
    const verdict = rateLimitVerdict(5, MINUTE, { allowed: false, granted: 0, count: 5, oldestMs: 0, nowMs: MINUTE - 1 });
    expect(verdict.retryAfterSeconds).toBe(1);
  });

  it('never reports a negative remaining count (a lowered limit)', () => {
    expect(rateLimitVerdict(5, MINUTE, { allowed: false, granted: 0, count: 9, oldestMs: 0, nowMs: 0 }).remaining).toBe(0);
  });
});

describe('tighterVerdict', () => {
  const verdict = (allowed: boolean, limit: number, remaining: number, retryAfterSeconds = 60): RateLimitVerdict => ({
    allowed,
    limit,
    remaining,
    resetEpochSeconds: 1_700_000_000 + retryAfterSeconds,
    retryAfterSeconds,
  });

  it("is the key's verdict when the workspace was not counted (no bound, or Redis did not answer)", () => {
    const key = verdict(true, 1000, 10);
    expect(tighterVerdict(key, null)).toBe(key);
  });

  it("is a refusal when either window refuses, the key's first", () => {
    const keyRefused = verdict(false, 1000, 0, 12);
    const workspaceRefused = verdict(false, 10_000, 0, 30);
    expect(tighterVerdict(keyRefused, verdict(true, 10_000, 500))).toBe(keyRefused);
    expect(tighterVerdict(verdict(true, 1000, 900), workspaceRefused)).toBe(workspaceRefused);
    expect(tighterVerdict(keyRefused, workspaceRefused)).toBe(keyRefused);
  });

  it('shows, when both allow, the window with the least room left', () => {
    const key = verdict(true, 1000, 900);
    const workspace = verdict(true, 10_000, 40);
    expect(tighterVerdict(key, workspace)).toBe(workspace);
    expect(tighterVerdict(verdict(true, 1000, 3), workspace).remaining).toBe(3);
  });
});

describe('rateLimitHeaders', () => {
  it('names the three rate-limit headers: limit, remaining and reset', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 1000, remaining: 3, resetEpochSeconds: 1_700_000_061, retryAfterSeconds: 61 })).toEqual({
      'X-RateLimit-Limit': '1000',
      'X-RateLimit-Remaining': '3',
      'X-RateLimit-Reset': '1700000061',
    });
  });
});

describe('parseWindowCount', () => {
  it('reads the script reply', () => {
    expect(parseWindowCount([1, 2, 3, 4])).toEqual({ allowed: true, granted: 1, count: 2, oldestMs: 3, nowMs: 4 });
    expect(parseWindowCount([0, 5, 3, 4])).toMatchObject({ allowed: false, granted: 0 });
  });

  it.each([[null], [[1, 2, 3]], [['1', 2, 3, 4]]])('refuses %j', (reply) => {
    expect(() => parseWindowCount(reply)).toThrow('unexpected sliding-window reply');
  });
});
