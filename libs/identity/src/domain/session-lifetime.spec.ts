import { isSessionLive, newSessionTimes, sessionExpiresAt, touchSession, type SessionPolicy } from './session-lifetime';

const POLICY: SessionPolicy = { idleSeconds: 12 * 3600, absoluteSeconds: 7 * 24 * 3600, touchAfterSeconds: 60 };
const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

describe('session lifetime (idle 12 h, absolute 7 days)', () => {
  const fresh = newSessionTimes(T0, POLICY);

  it('starts with the idle end 12 h away and the absolute end 7 days away', () => {
    expect(fresh).toEqual({ createdAt: T0, lastSeenAt: T0, idleExpiresAt: at(12 * 3600), absoluteExpiresAt: at(7 * 24 * 3600), revokedAt: null });
    expect(sessionExpiresAt(fresh)).toEqual(at(12 * 3600));
  });

  it('dies when idle: live one millisecond before the idle end, dead at it', () => {
    expect(isSessionLive(fresh, new Date(at(12 * 3600).getTime() - 1))).toBe(true);
    expect(isSessionLive(fresh, at(12 * 3600))).toBe(false);
  });

  it('slides the idle end on use, but writes at most once a minute', () => {
    expect(touchSession(fresh, at(59), POLICY)).toBeNull();
    const touched = touchSession(fresh, at(3600), POLICY);
    expect(touched).toMatchObject({ lastSeenAt: at(3600), idleExpiresAt: at(13 * 3600), absoluteExpiresAt: at(7 * 24 * 3600) });
  });

  it('never slides past the absolute end: a session used all week still ends after 7 days', () => {
    let times = fresh;
    for (let hour = 1; hour < 7 * 24; hour++) times = touchSession(times, at(hour * 3600), POLICY) ?? times;
    expect(sessionExpiresAt(times)).toEqual(at(7 * 24 * 3600));
    expect(isSessionLive(times, at(7 * 24 * 3600))).toBe(false);
  });

  it('a revoked session is dead and is never touched', () => {
    const revoked = { ...fresh, revokedAt: at(10) };
    expect(isSessionLive(revoked, at(11))).toBe(false);
    expect(touchSession(revoked, at(3600), POLICY)).toBeNull();
  });

  it('an absolute lifetime shorter than the idle one caps the first expiry too', () => {
    const short = newSessionTimes(T0, { ...POLICY, absoluteSeconds: 60 });
    expect(sessionExpiresAt(short)).toEqual(at(60));
  });
});
