import { generateApiKey, hashApiKey, modeOfKey, sameHash } from './api-key';

describe('api keys', () => {
  it('generates distinct keys of the mode, stored only as a hash', () => {
    const first = generateApiKey('test');
    const second = generateApiKey('test');
    expect(first.key).toMatch(/^svc_test_[0-9A-Za-z]{32}$/);
    expect(first.key).not.toBe(second.key);
    expect(first.hash).toBe(hashApiKey(first.key));
    expect(first.hash).not.toContain(first.key.slice(9));
    expect(first.last4).toBe(first.key.slice(-4));
    expect(modeOfKey(generateApiKey('live').key)).toBe('live');
  });

  it('recognises only well-formed keys', () => {
    expect(modeOfKey('svc_test_short')).toBeNull();
    expect(modeOfKey('sk_test_' + 'a'.repeat(32))).toBeNull();
    expect(modeOfKey('')).toBeNull();
  });

  it('compares hashes in constant time and rejects different lengths', () => {
    const { hash } = generateApiKey('live');
    expect(sameHash(hash, hash)).toBe(true);
    expect(sameHash(hash, hashApiKey('other'))).toBe(false);
    expect(sameHash(hash, 'ab')).toBe(false);
  });
});
