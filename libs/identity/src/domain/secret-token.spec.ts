import { csrfTokenMatches, hashSecretToken, looksLikeSecretToken, sameSecret } from './secret-token';

const TOKEN = 'Q2hhbmdlIHRoaXMgdG9rZW4gYmVmb3JlIHNoaXBwaW5n'.slice(0, 43);

describe('secret tokens (sessions, invitations, CSRF)', () => {
  it('hashes to 64 hex characters, the same each time, different per token', () => {
    expect(hashSecretToken(TOKEN)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecretToken(TOKEN)).toBe(hashSecretToken(TOKEN));
    expect(hashSecretToken(TOKEN)).not.toBe(hashSecretToken(`${TOKEN.slice(0, 42)}x`));
    // The known SHA-256 of "abc", so the stored form is plain SHA-256 any tool can recompute.
    expect(hashSecretToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('recognises the 43-character base64url shape only', () => {
    expect(looksLikeSecretToken(TOKEN)).toBe(true);
    expect(looksLikeSecretToken(`${TOKEN}A`)).toBe(false);
    expect(looksLikeSecretToken(`${TOKEN.slice(0, 42)}+`)).toBe(false);
    expect(looksLikeSecretToken('')).toBe(false);
  });

  it('compares secrets exactly, whatever their lengths, and never matches empty or missing', () => {
    expect(sameSecret(TOKEN, TOKEN)).toBe(true);
    expect(sameSecret(TOKEN, `${TOKEN.slice(0, 42)}x`)).toBe(false);
    expect(sameSecret(TOKEN, TOKEN.slice(0, 10))).toBe(false);
    expect(sameSecret(TOKEN, `${TOKEN}${TOKEN}`)).toBe(false);
    expect(sameSecret(TOKEN, '')).toBe(false);
    expect(sameSecret(TOKEN, undefined)).toBe(false);
    expect(sameSecret('', '')).toBe(false);
  });

  it('CSRF: the header must be one string equal to the session token', () => {
    expect(csrfTokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(csrfTokenMatches(TOKEN, undefined)).toBe(false);
    expect(csrfTokenMatches(TOKEN, [TOKEN, TOKEN])).toBe(false);
    expect(csrfTokenMatches(TOKEN, TOKEN.toLowerCase())).toBe(false);
  });
});
