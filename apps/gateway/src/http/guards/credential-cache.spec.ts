import type { AuthenticatedKey } from '@eh/workspaces';
import { ChangeMarkWatch } from './change-mark-watch';
import { CredentialCache } from './credential-cache';

const KEY: AuthenticatedKey = { workspaceId: 'ws_1', mode: 'test', keyId: 'key_1', label: 'default (…abcd)' };

describe('CredentialCache', () => {
  let clock = 0;
  let marks = '';
  const now = (): number => clock;
  /** A watch whose first look has answered; `read` reads the marks (`marks` unless given). */
  const watch = async (read: () => Promise<string> = async () => marks): Promise<ChangeMarkWatch> => {
    const confirmed = new ChangeMarkWatch(read, 100, now);
    await confirmed.settled();
    return confirmed;
  };
  /** A cache that loaded key `a` once through `load`, then 30 s without a request: the marks are unconfirmed. */
  const keptThroughPause = async (read?: () => Promise<string>) => {
    const cache = new CredentialCache<AuthenticatedKey>(await watch(read), 10, now);
    const load = jest.fn(async () => KEY);
    await cache.lookup('a', load);
    clock += 30_000;
    return { cache, load };
  };
  beforeEach(() => {
    clock = 1_000;
    marks = 'api_keys=1';
  });

  it('answers a valid key from memory for as long as the marks stay where they were', async () => {
    const marksWatch = await watch();
    const cache = new CredentialCache<AuthenticatedKey>(marksWatch, 10, now);
    const load = jest.fn(async () => KEY);
    expect(await cache.lookup('svc_test_a', load)).toBe(KEY);
    for (let step = 0; step < 50; step++) {
      clock += 99;
      expect(await cache.lookup('svc_test_a', load)).toBe(KEY);
      // The look that request started ahead of time answers before the next one comes.
      await marksWatch.settled();
    }
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses a key revoked in the meantime once the marks have moved', async () => {
    const cache = new CredentialCache<AuthenticatedKey>(await watch(), 10, now);
    let revoked = false;
    const load = async (): Promise<AuthenticatedKey | null> => (revoked ? null : KEY);
    await cache.lookup('svc_test_a', load);
    revoked = true;
    marks = 'api_keys=2';
    clock += 101;
    expect(await cache.lookup('svc_test_a', load)).toBeNull();
  });

  // Each looks the keys up one after the other and counts the trips to the database.
  it.each([
    { name: 'never keeps a failed lookup: every bad key reaches the database', capacity: 10, found: null, keys: ['svc_test_bad', 'svc_test_bad'], loads: 2 },
    { name: 'holds at most its capacity, dropping the oldest', capacity: 2, found: KEY, keys: ['a', 'b', 'c', 'a'], loads: 4 },
  ])('$name', async ({ capacity, found, keys, loads }) => {
    const cache = new CredentialCache<AuthenticatedKey>(await watch(), capacity, now);
    const load = jest.fn(async (): Promise<AuthenticatedKey | null> => found);
    for (const key of keys) await cache.lookup(key, load);
    expect(load).toHaveBeenCalledTimes(loads);
  });

  it('without a watch (AUTH_CACHE_MS 0) looks every key up', async () => {
    const cache = new CredentialCache<AuthenticatedKey>(null, 10, now);
    const load = jest.fn(async () => KEY);
    await cache.lookup('a', load);
    await cache.lookup('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('looks every key up, keeping none, until a look at the marks has answered', async () => {
    let reachable = false;
    const unconfirmed = new ChangeMarkWatch(
      async () => {
        if (!reachable) throw new Error('database unavailable');
        return marks;
      },
      100,
      now,
    );
    const cache = new CredentialCache<AuthenticatedKey>(unconfirmed, 10, now);
    const load = jest.fn(async () => KEY);
    await cache.lookup('a', load);
    await cache.lookup('a', load);
    expect(load).toHaveBeenCalledTimes(2);
    reachable = true;
    await unconfirmed.settled();
    await cache.lookup('a', load);
    await cache.lookup('a', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('never makes a key it does not keep wait for a look: while the marks are unconfirmed it goes to the database at once', async () => {
    const never = new ChangeMarkWatch(() => new Promise<string>(() => undefined), 100, now);
    const cache = new CredentialCache<AuthenticatedKey>(never, 10, now);
    expect(await cache.lookup('a', async () => KEY)).toBe(KEY);
  });

  it('after a pause, requests for a kept key wait for one look between them and are answered from memory', async () => {
    let looks = 0;
    const { cache, load } = await keptThroughPause(async () => {
      looks++;
      return marks;
    });
    expect(await Promise.all(Array.from({ length: 5 }, () => cache.lookup('a', load)))).toEqual(Array(5).fill(KEY));
    expect([load.mock.calls.length, looks]).toEqual([1, 2]);
  });

  it('after a pause, a kept key revoked meanwhile is refused once the look has seen the marks move', async () => {
    const { cache } = await keptThroughPause();
    marks = 'api_keys=2';
    expect(await cache.lookup('a', async () => null)).toBeNull();
  });

  it('after a pause with the database away, a kept key fails with the look and reads nothing more', async () => {
    let reachable = true;
    const { cache, load } = await keptThroughPause(async () => {
      if (!reachable) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      return marks;
    });
    reachable = false;
    await expect(cache.lookup('a', load)).rejects.toThrow('connection refused');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after a pause, a look that fails for another reason leaves the key to its own lookup', async () => {
    let broken = false;
    const { cache, load } = await keptThroughPause(async () => {
      if (broken) throw new Error('relation "change_marks" does not exist');
      return marks;
    });
    broken = true;
    expect(await cache.lookup('a', load)).toBe(KEY);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('requests arriving together share one lookup', async () => {
    const cache = new CredentialCache<AuthenticatedKey>(await watch(), 10, now);
    const load = jest.fn(async () => KEY);
    expect(await Promise.all([cache.lookup('a', load), cache.lookup('a', load), cache.lookup('b', load)])).toEqual([KEY, KEY, KEY]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a lookup under way when forgetAll runs is neither shared nor kept after it', async () => {
    const cache = new CredentialCache<AuthenticatedKey>(await watch(), 10, now);
    await cache.lookup('warm', async () => KEY);
    let finish: (key: AuthenticatedKey | null) => void = () => undefined;
    const slow = jest.fn(() => new Promise<AuthenticatedKey | null>((resolve) => (finish = resolve)));
    const before = cache.lookup('a', slow);
    // The lookup asks the watch first; forgetAll must come while its query is under way.
    while (slow.mock.calls.length === 0) await Promise.resolve();
    cache.forgetAll();
    const revoked = jest.fn(async () => null);
    const after = cache.lookup('a', revoked);
    finish(KEY);
    expect(await before).toBe(KEY);
    expect(await after).toBeNull();
    expect(await cache.lookup('a', revoked)).toBeNull();
    expect(revoked).toHaveBeenCalledTimes(2);
  });
});
