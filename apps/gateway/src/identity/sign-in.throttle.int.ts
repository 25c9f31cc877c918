import { newId, RetryAfterError } from '@eh/contracts';
import { closeRedis, connectRedis } from '@eh/platform';
import { SignInThrottle } from './sign-in.throttle';
import { useTestRedis } from '../http/testing/test-redis';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SignInThrottle against Redis', () => {
  const testRedis = useTestRedis('sign-in-throttle-test');

  const throttleOf = (overrides: Partial<{ accountLimit: number; addressLimit: number; accountTotalLimit: number }> = {}) =>
    new SignInThrottle(testRedis.redis, {
      prefix: `${testRedis.prefix}:${newId('request')}`,
      accountLimit: 5,
      addressLimit: 20,
      accountTotalLimit: 100,
      windowMs: 60_000,
      ...overrides,
    });

  /** A wrong password that takes a while to check, as argon2 does, counting how many were checked. */
  const slowWrong = (checked: { count: number }) => async (): Promise<null> => {
    checked.count += 1;
    await pause(50);
    return null;
  };

  it('checks at most the limit of twelve wrong passwords sent at once; the rest are 429 before any check', async () => {
    const throttle = throttleOf();
    const checked = { count: 0 };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => throttle.attempt('ada@example.com', '10.1.0.1', newId('request'), slowWrong(checked))),
    );
    expect(checked.count).toBe(5);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(refused).toHaveLength(7);
    for (const reason of refused) expect(reason).toBeInstanceOf(RetryAfterError);
  });

  it('a stranger’s failures from another address do not lock the owner out; the stranger is refused', async () => {
    const throttle = throttleOf();
    const checked = { count: 0 };
    for (let attempt = 0; attempt < 5; attempt++)
      expect(await throttle.attempt('Owner@example.com', '203.0.113.9', newId('request'), slowWrong(checked))).toBeNull();
    await expect(throttle.attempt('owner@example.com', '203.0.113.9', newId('request'), async () => 'owner')).rejects.toBeInstanceOf(RetryAfterError);
    // The owner, from their own address, signs in.
    expect(await throttle.attempt('owner@example.com', '198.51.100.4', newId('request'), async () => 'owner')).toBe('owner');
  });

  it('gives a success its slot back and clears its own failures: sign-ins that work never fill a window', async () => {
    const throttle = throttleOf({ accountLimit: 3 });
    const checked = { count: 0 };
    for (let attempt = 0; attempt < 2; attempt++) await throttle.attempt('bo@example.com', '10.1.0.2', newId('request'), slowWrong(checked));
    for (let attempt = 0; attempt < 10; attempt++) expect(await throttle.attempt('bo@example.com', '10.1.0.2', newId('request'), async () => 'bo')).toBe('bo');
    const keys = throttle.keysFor('bo@example.com', '10.1.0.2');
    expect(await testRedis.redis.exists(keys.pair)).toBe(0);
    expect(await testRedis.redis.zcard(keys.address)).toBe(2);
  });

  it('bounds one address across accounts, and one account across addresses', async () => {
    const byAddress = throttleOf({ addressLimit: 4 });
    const checked = { count: 0 };
    for (let index = 0; index < 4; index++) await byAddress.attempt(`person${index}@example.com`, '10.1.0.3', newId('request'), slowWrong(checked));
    await expect(byAddress.attempt('another@example.com', '10.1.0.3', newId('request'), slowWrong(checked))).rejects.toBeInstanceOf(RetryAfterError);

    const byAccount = throttleOf({ accountTotalLimit: 6 });
    for (let index = 0; index < 6; index++) await byAccount.attempt('cy@example.com', `10.2.0.${index}`, newId('request'), slowWrong(checked));
    await expect(byAccount.attempt('cy@example.com', '10.2.0.99', newId('request'), slowWrong(checked))).rejects.toBeInstanceOf(RetryAfterError);
  });

  it('gives the slot back when the check itself fails, and fails open while Redis cannot answer', async () => {
    const throttle = throttleOf({ accountLimit: 1 });
    await expect(throttle.attempt('dee@example.com', '10.1.0.4', newId('request'), () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await throttle.attempt('dee@example.com', '10.1.0.4', newId('request'), async () => 'dee')).toBe('dee');
    const down = await connectRedis('redis://127.0.0.1:1', 'sign-in-throttle-down');
    try {
      const open = new SignInThrottle(down, { prefix: testRedis.prefix, accountLimit: 1, addressLimit: 1, accountTotalLimit: 1, windowMs: 60_000 });
      for (let attempt = 0; attempt < 3; attempt++) expect(await open.attempt('eve@example.com', '10.1.0.5', newId('request'), async () => null)).toBeNull();
    } finally {
      await closeRedis(down);
    }
  });
});
