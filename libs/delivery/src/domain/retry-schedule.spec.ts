import { attemptsPerRound, DEFAULT_RETRY_DELAYS_MS, retryDelayMs } from './retry-schedule';
import { classifyOutcome, describeResult } from './delivery-outcome';

describe('retry schedule after a 5xx or a timeout', () => {
  it('waits 30 s, 2 min, 8 min, 30 min, 2 h, 8 h by default, then gives up', () => {
    const waits = [1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, DEFAULT_RETRY_DELAYS_MS));
    expect(waits).toEqual([30_000, 120_000, 480_000, 1_800_000, 7_200_000, 28_800_000]);
    expect(retryDelayMs(7, DEFAULT_RETRY_DELAYS_MS)).toBeNull();
    expect(attemptsPerRound(DEFAULT_RETRY_DELAYS_MS)).toBe(7);
  });

  it('adds up to about 11 hours, as published', () => {
    const totalMs = DEFAULT_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(totalMs / 3_600_000).toBeCloseTo(10.68, 1);
  });

  it('follows a configured schedule, scaled down or empty', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, [100, 200]))).toEqual([100, 200, null]);
    expect(retryDelayMs(1, [])).toBeNull();
  });

  it('refuses a failure count that is not a positive integer', () => {
    for (const n of [0, -1, 1.5]) expect(() => retryDelayMs(n, DEFAULT_RETRY_DELAYS_MS)).toThrow(RangeError);
  });
});

describe('outcome classification: 2xx success, 4xx refused, anything else retried', () => {
  it.each([
    [200, 'success'],
    [204, 'success'],
    [299, 'success'],
    [400, 'acknowledged'],
    [404, 'acknowledged'],
    [410, 'acknowledged'],
    [429, 'acknowledged'],
    [499, 'acknowledged'],
    [500, 'retryable'],
    [503, 'retryable'],
    [301, 'retryable'],
    [302, 'retryable'],
    [100, 'retryable'],
    [null, 'retryable'],
  ] as const)('status %p is %s', (status, expected) => {
    expect(classifyOutcome({ status_code: status })).toBe(expected);
  });

  it('describes a result by its error first, else its status', () => {
    expect(describeResult({ status_code: null, error: 'timeout after 10000 ms' })).toBe('timeout after 10000 ms');
    expect(describeResult({ status_code: 502, error: null })).toBe('HTTP 502');
    expect(describeResult({ status_code: null, error: null })).toBe('no response');
  });
});
