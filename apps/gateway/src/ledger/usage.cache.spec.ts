import type { UsageResource } from '@eh/ledger';
import { UsageCache } from './usage.cache';

const usage = (remaining: number) => ({ credits_remaining: remaining }) as UsageResource;

describe('UsageCache', () => {
  it('answers from the cache for at most ttl ms, then loads again', async () => {
    const cache = new UsageCache(2000);
    let loads = 0;
    const load = async () => usage(++loads);
    expect((await cache.get('ws_a', 0, load)).credits_remaining).toBe(1);
    expect((await cache.get('ws_a', 1999, load)).credits_remaining).toBe(1);
    expect((await cache.get('ws_b', 1999, load)).credits_remaining).toBe(2);
    expect((await cache.get('ws_a', 2000, load)).credits_remaining).toBe(3);
  });

  it('does not cache with a ttl of 0', async () => {
    const cache = new UsageCache(0);
    let loads = 0;
    await cache.get('ws_a', 0, async () => usage(++loads));
    await cache.get('ws_a', 0, async () => usage(++loads));
    expect(loads).toBe(2);
  });
});
