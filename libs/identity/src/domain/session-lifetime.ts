/**
 * When a console session ends: after `idleSeconds` without a request, and in any case
 * `absoluteSeconds` after sign-in. Each request slides the idle end, but the stored row is
 * written at most once per `touchAfterSeconds`, so a busy console costs no write per request.
 */
export interface SessionPolicy {
  idleSeconds: number;
  absoluteSeconds: number;
  touchAfterSeconds: number;
}

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
}

const plus = (at: Date, seconds: number): Date => new Date(at.getTime() + seconds * 1000);
const earliest = (a: Date, b: Date): Date => (a.getTime() <= b.getTime() ? a : b);

export function newSessionTimes(now: Date, policy: SessionPolicy): SessionTimes {
  const absoluteExpiresAt = plus(now, policy.absoluteSeconds);
  return { createdAt: now, lastSeenAt: now, idleExpiresAt: earliest(plus(now, policy.idleSeconds), absoluteExpiresAt), absoluteExpiresAt, revokedAt: null };
}

/** The moment the session stops working if nothing else happens. */
export const sessionExpiresAt = (times: SessionTimes): Date => earliest(times.idleExpiresAt, times.absoluteExpiresAt);

export const isSessionLive = (times: SessionTimes, now: Date): boolean => times.revokedAt === null && sessionExpiresAt(times).getTime() > now.getTime();

/** The times after a request at `now`, or null when the stored row need not change yet. */
export function touchSession(times: SessionTimes, now: Date, policy: SessionPolicy): SessionTimes | null {
  if (!isSessionLive(times, now)) return null;
  if (now.getTime() - times.lastSeenAt.getTime() < policy.touchAfterSeconds * 1000) return null;
  return { ...times, lastSeenAt: now, idleExpiresAt: earliest(plus(now, policy.idleSeconds), times.absoluteExpiresAt) };
}
