import { canonicalJson, derivedIdempotencyKey } from './idempotency-key';

describe('derived Idempotency-Key', () => {
  it('is the same for the same arguments in any key order, and differs otherwise', () => {
    const a = derivedIdempotencyKey('deploy_specialist', { brief: 'x', skills: ['a'], metadata: { p: 1, q: 2 } });
    const b = derivedIdempotencyKey('deploy_specialist', { metadata: { q: 2, p: 1 }, skills: ['a'], brief: 'x', context_url: undefined });
    expect(a).toBe(b);
    expect(a).not.toBe(derivedIdempotencyKey('deploy_specialist', { brief: 'y', skills: ['a'] }));
    expect(a.length).toBeLessThanOrEqual(255);
    expect(a).toMatch(/^[\x21-\x7e]+$/);
  });

  it('canonical JSON sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[{"c":2,"d":1}]}');
  });
});
