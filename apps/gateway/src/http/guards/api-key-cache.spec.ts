import type { AuthenticatedKey } from '@eh/workspaces';
import { ApiKeyCache } from './api-key-cache';

const KEY: AuthenticatedKey = { workspaceId: 'ws_1', mode: 'test', keyId: 'key_1', label: 'default (…abcd)' };

describe('ApiKeyCache', () => {
  let clock = 0;
  const now = (): number => clock;
  beforeEach(() => {
    clock = 1_000;
  });

  it('answers a valid key from memory until its TTL ends, then asks again', async () => {
    const cache = new ApiKeyCache(100, 10, now);
    const load = jest.fn(async () => KEY);
    expect(await cache.lookup('svc_test_a', load)).toBe(KEY);
    clock += 99;
    expect(await cache.lookup('svc_test_a', load)).toBe(KEY);
    expect(load).toHaveBeenCalledTimes(1);
    clock += 1;
    await cache.lookup('svc_test_a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('refuses a key revoked in the meantime once the TTL has passed (the revocation bound)', async () => {
    const cache = new ApiKeyCache(100, 10, now);
    let revoked = false;
    const load = async (): Promise<AuthenticatedKey | null> => (revoked ? null : KEY);
    await cache.lookup('svc_test_a', load);
    revoked = true;
    clock += 100;
    expect(await cache.lookup('svc_test_a', load)).toBeNull();
  });

  // Each looks the keys up one after the other and counts the trips to the database.
  it.each([
    {
      name: 'never keeps a failed lookup: every bad key reaches the database',
      ttl: 100,
      capacity: 10,
      found: null,
      keys: ['svc_test_bad', 'svc_test_bad'],
      loads: 2,
    },
    { name: 'holds at most its capacity, dropping the oldest', ttl: 100, capacity: 2, found: KEY, keys: ['a', 'b', 'c', 'a'], loads: 4 },
    { name: 'with a TTL of 0 looks every key up', ttl: 0, capacity: 10, found: KEY, keys: ['a', 'a'], loads: 2 },
  ])('$name', async ({ ttl, capacity, found, keys, loads }) => {
    const cache = new ApiKeyCache(ttl, capacity, now);
    const load = jest.fn(async (): Promise<AuthenticatedKey | null> => found);
    for (const key of keys) await cache.lookup(key, load);
    expect(load).toHaveBeenCalledTimes(loads);
  });

  it('requests arriving together share one lookup', async () => {
    const cache = new ApiKeyCache(100, 10, now);
    const load = jest.fn(async () => KEY);
    expect(await Promise.all([cache.lookup('a', load), cache.lookup('a', load), cache.lookup('b', load)])).toEqual([KEY, KEY, KEY]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a lookup under way when forgetAll runs is neither shared nor kept after it', async () => {
    const cache = new ApiKeyCache(100, 10, now);
    let finish: (key: AuthenticatedKey | null) => void = () => undefined;
    const slow = jest.fn(() => new Promise<AuthenticatedKey | null>((resolve) => (finish = resolve)));
    const before = cache.lookup('a', slow);
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
