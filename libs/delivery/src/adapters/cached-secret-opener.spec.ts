import type { SealedSecret } from '@eh/contracts';
import { CachedSecretOpener } from './cached-secret-opener';

const envelope = (ct: string): SealedSecret => ({ kid: 'k1', iv: 'iv', tag: 'tag', ct });

describe('CachedSecretOpener', () => {
  let now = 0;
  const opened: string[] = [];
  const inner = {
    open: (sealed: SealedSecret, aad: string): string => {
      opened.push(`${sealed.ct}|${aad}`);
      if (aad === 'wrong') throw new Error('does not open');
      return `plain-${sealed.ct}`;
    },
  };
  const cache = new CachedSecretOpener(inner, { ttlMs: 1000, maxEntries: 2, now: () => now });

  beforeEach(() => {
    opened.length = 0;
  });

  it('opens once per envelope and additional data within the time to live, then again', () => {
    expect(cache.open(envelope('a'), 'ws|we')).toBe('plain-a');
    now = 999;
    expect(cache.open(envelope('a'), 'ws|we')).toBe('plain-a');
    expect(opened).toEqual(['a|ws|we']);
    now = 1000;
    cache.open(envelope('a'), 'ws|we');
    expect(opened).toEqual(['a|ws|we', 'a|ws|we']);
  });

  it('never answers from the cache for other additional data: a moved envelope must open by itself', () => {
    cache.open(envelope('b'), 'ws|we');
    expect(() => cache.open(envelope('b'), 'wrong')).toThrow('does not open');
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    cache.open(envelope('c'), 'x');
    cache.open(envelope('d'), 'x');
    cache.open(envelope('e'), 'x');
    opened.length = 0;
    cache.open(envelope('c'), 'x');
    expect(opened).toEqual(['c|x']);
  });
});
