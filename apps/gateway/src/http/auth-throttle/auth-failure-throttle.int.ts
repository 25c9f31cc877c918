import { DomainError, newId, RetryAfterError } from '@eh/contracts';
import { closeRedis, connectRedis } from '@eh/platform';
import { AuthFailureThrottle } from './auth-failure-throttle';
import { useTestRedis } from '../testing/test-redis';

const refuse = (): never => {
  throw new DomainError('authentication_failed', 'wrong key');
};

describe('AuthFailureThrottle against Redis', () => {
  const testRedis = useTestRedis('auth-throttle-test');

  it('counts failures per address and refuses the address, right key or wrong, from the limit on', async () => {
    const throttle = new AuthFailureThrottle(testRedis.redis, { prefix: testRedis.prefix, limit: 3, windowMs: 60_000 });
    for (let attempt = 0; attempt < 3; attempt += 1)
      await expect(throttle.authenticate('10.0.0.1', newId('request'), refuse)).rejects.toMatchObject({ code: 'authentication_failed' });
    const blocked = await throttle.authenticate('10.0.0.1', newId('request'), () => 'authenticated').catch((error: unknown) => error);
    expect(blocked).toBeInstanceOf(RetryAfterError);
    expect(blocked).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 60 });
    // Another address is untouched, and successes are never counted.
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await throttle.authenticate('10.0.0.2', newId('request'), () => 'ok')).toBe('ok');
    expect(await testRedis.redis.exists(throttle.keyFor('10.0.0.2'))).toBe(0);
  });

  it('takes an address without failures as clean for cleanForMs, forgets it on its first failure, and counts every failure', async () => {
    const throttle = new AuthFailureThrottle(testRedis.redis, { prefix: testRedis.prefix, limit: 2, windowMs: 60_000, cleanForMs: 60_000 });
    const other = new AuthFailureThrottle(testRedis.redis, { prefix: testRedis.prefix, limit: 2, windowMs: 60_000 });
    expect(await throttle.authenticate('10.0.0.9', newId('request'), () => 'ok')).toBe('ok');
    // Blocked through another replica meanwhile: this one still takes the address as clean (its bound is cleanForMs) …
    for (let attempt = 0; attempt < 2; attempt += 1)
      await expect(other.authenticate('10.0.0.9', newId('request'), refuse)).rejects.toMatchObject({ code: 'authentication_failed' });
    expect(await throttle.authenticate('10.0.0.9', newId('request'), () => 'ok')).toBe('ok');
    // … until a failure here: counted in Redis, the address forgotten, and the next request refused.
    await expect(throttle.authenticate('10.0.0.9', newId('request'), refuse)).rejects.toMatchObject({ code: 'authentication_failed' });
    expect(await testRedis.redis.zcard(throttle.keyFor('10.0.0.9'))).toBe(3);
    await expect(throttle.authenticate('10.0.0.9', newId('request'), () => 'ok')).rejects.toBeInstanceOf(RetryAfterError);
    // An address with failures in its window is never taken as clean.
    await expect(throttle.authenticate('10.0.0.9', newId('request'), () => 'ok')).rejects.toBeInstanceOf(RetryAfterError);
  });

  it('lets the address in again once its oldest failures left the window', async () => {
    const throttle = new AuthFailureThrottle(testRedis.redis, { prefix: testRedis.prefix, limit: 2, windowMs: 1000 });
    await throttle.look('10.0.0.3', 'f1', 1_000_000);
    await throttle.look('10.0.0.3', 'f2', 1_000_400);
    expect(await throttle.look('10.0.0.3', '', 1_000_500)).toEqual({ failures: 2, unblockedAtMs: 1_001_000, nowMs: 1_000_500 });
    expect(await throttle.look('10.0.0.3', '', 1_001_000)).toEqual({ failures: 1, unblockedAtMs: 1_001_000, nowMs: 1_001_000 });
  });

  it('fails open while Redis cannot answer', async () => {
    const down = await connectRedis('redis://127.0.0.1:1', 'auth-throttle-down');
    try {
      const throttle = new AuthFailureThrottle(down, { prefix: testRedis.prefix, limit: 1, windowMs: 60_000 });
      await expect(throttle.authenticate('10.0.0.4', newId('request'), refuse)).rejects.toMatchObject({ code: 'authentication_failed' });
      expect(await throttle.authenticate('10.0.0.4', newId('request'), () => 'ok')).toBe('ok');
    } finally {
      await closeRedis(down);
    }
  });
});
