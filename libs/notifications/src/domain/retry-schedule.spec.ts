import { afterAttempt, beforeAttempt, DEFAULT_RETRY_POLICIES, maxAttempts, parseRetryDelays, type AttemptOutcome } from './retry-schedule';
import { pushTopic, pushTtlSeconds } from './push-topic';

const policy = { delaysMs: [1_000, 5_000, 30_000] };
const now = new Date('2026-05-01T10:00:00.000Z');
const retryable: AttemptOutcome = { kind: 'retryable', error: 'timeout' };

describe('the retry schedule of one (notification, channel)', () => {
  it('sent, gone and permanent end it at once, whatever the attempt', () => {
    for (const attempt of [1, 2, 4]) {
      expect(afterAttempt(policy, attempt, { kind: 'sent' }, now, null)).toEqual({ status: 'sent' });
      expect(afterAttempt(policy, attempt, { kind: 'gone', error: '410' }, now, null)).toEqual({ status: 'gone', error: '410' });
      expect(afterAttempt(policy, attempt, { kind: 'permanent', error: '550' }, now, null)).toEqual({ status: 'failed', error: '550' });
    }
  });

  it('a retryable failure waits the n-th delay after attempt n, until the attempts run out', () => {
    expect(afterAttempt(policy, 1, retryable, now, null)).toEqual({ status: 'retrying', nextAttemptAt: new Date(now.getTime() + 1_000), error: 'timeout' });
    expect(afterAttempt(policy, 2, retryable, now, null)).toMatchObject({ status: 'retrying', nextAttemptAt: new Date(now.getTime() + 5_000) });
    expect(afterAttempt(policy, 3, retryable, now, null)).toMatchObject({ status: 'retrying', nextAttemptAt: new Date(now.getTime() + 30_000) });
    expect(afterAttempt(policy, 4, retryable, now, null)).toEqual({ status: 'failed', error: 'timeout (gave up after 4 attempts)' });
    expect(maxAttempts(policy)).toBe(4);
  });

  it('no retry lands after the offer ends', () => {
    expect(afterAttempt(policy, 1, retryable, now, new Date(now.getTime() + 1_001)).status).toBe('retrying');
    expect(afterAttempt(policy, 1, retryable, now, new Date(now.getTime() + 1_000))).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('after the offer ends'),
    });
  });

  it('an empty schedule tries once', () => {
    expect(afterAttempt({ delaysMs: [] }, 1, retryable, now, null).status).toBe('failed');
  });

  it('refuses an attempt number that is not a positive integer, and an unknown outcome', () => {
    for (const attempt of [0, -1, 1.5, Number.NaN]) expect(() => afterAttempt(policy, attempt, retryable, now, null)).toThrow('attempt');
    expect(() => afterAttempt(policy, 1, { kind: 'maybe' } as never, now, null)).toThrow('unknown outcome');
  });

  it('before an attempt: a lapsed offer is skipped, an attempt past the bound (after a crash) fails, else go', () => {
    expect(beforeAttempt(policy, 1, false)).toEqual({ go: false, status: 'skipped', error: 'the offer was no longer open' });
    expect(beforeAttempt(policy, 9, false).go).toBe(false);
    expect(beforeAttempt(policy, 5, true)).toMatchObject({ go: false, status: 'failed' });
    expect(beforeAttempt(policy, 4, true)).toEqual({ go: true });
    expect(beforeAttempt(policy, 1, null)).toEqual({ go: true });
  });

  it('defaults are bounded: at most five attempts per channel, within minutes', () => {
    for (const channel of ['email', 'push'] as const) {
      expect(maxAttempts(DEFAULT_RETRY_POLICIES[channel])).toBe(5);
      expect(DEFAULT_RETRY_POLICIES[channel].delaysMs.reduce((a, b) => a + b, 0)).toBeLessThan(10 * 60_000);
    }
  });

  it('reads the delays from configuration, refusing nonsense', () => {
    expect(parseRetryDelays(undefined, policy, 'X')).toBe(policy);
    expect(parseRetryDelays('', policy, 'X')).toEqual({ delaysMs: [] });
    expect(parseRetryDelays('100, 200', policy, 'X')).toEqual({ delaysMs: [100, 200] });
    for (const raw of ['a', '-1', '1.5', '1,,2']) expect(() => parseRetryDelays(raw, policy, 'X')).toThrow('X');
  });
});

describe('push topic and TTL', () => {
  it('the topic is a stable ≤ 32-character URL-safe base64 string per notification', () => {
    const topic = pushTopic('offer:dep_01JZ0000000000000000000000:1');
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic('offer:dep_01JZ0000000000000000000000:1')).toBe(topic);
    expect(pushTopic('offer:dep_01JZ0000000000000000000000:2')).not.toBe(topic);
  });
  it('the TTL is the seconds left of the offer, a day without one, never negative', () => {
    expect(pushTtlSeconds(new Date(now.getTime() + 299_900), now)).toBe(299);
    expect(pushTtlSeconds(new Date(now.getTime() - 5_000), now)).toBe(0);
    expect(pushTtlSeconds(null, now)).toBe(86_400);
  });
});
