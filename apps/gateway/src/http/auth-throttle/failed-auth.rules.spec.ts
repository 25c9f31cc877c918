import { parseFailureWindow, throttleVerdict } from './failed-auth.rules';

describe('the failed-authentication throttle', () => {
  it('lets an address through below the limit and blocks it from the limit on', () => {
    expect(throttleVerdict(20, { failures: 19, unblockedAtMs: 1000, nowMs: 1000 })).toEqual({ blocked: false });
    expect(throttleVerdict(20, { failures: 20, unblockedAtMs: 61_000, nowMs: 1000 })).toEqual({ blocked: true, retryAfterSeconds: 60 });
  });

  it('says to wait whole seconds, at least one', () => {
    expect(throttleVerdict(20, { failures: 25, unblockedAtMs: 1001, nowMs: 1000 })).toEqual({ blocked: true, retryAfterSeconds: 1 });
    expect(throttleVerdict(20, { failures: 20, unblockedAtMs: 1000, nowMs: 1000 })).toEqual({ blocked: true, retryAfterSeconds: 1 });
    expect(throttleVerdict(20, { failures: 20, unblockedAtMs: 3500, nowMs: 1000 })).toEqual({ blocked: true, retryAfterSeconds: 3 });
  });

  it('checks what Redis answered', () => {
    expect(parseFailureWindow([3, 5, 4])).toEqual({ failures: 3, unblockedAtMs: 5, nowMs: 4 });
    expect(() => parseFailureWindow([1, 2])).toThrow(/unexpected/);
    expect(() => parseFailureWindow('OK')).toThrow(/unexpected/);
  });
});
