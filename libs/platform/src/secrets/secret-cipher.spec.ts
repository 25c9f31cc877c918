import { SecretCipher, SecretOpenError, startSecretCipher, UnknownSecretKeyError } from './secret-cipher';
import { DEVELOPMENT_KEY_ID, loadSecretKeyring, parseSecretKeyring } from './secret-keyring';

const key = (fill: number): string => Buffer.alloc(32, fill).toString('base64');
const AAD = 'webhook-signing-secret/v1|ws_1|we_1';
const SECRET = 'whsec_2hVdE9m0rL4x0pYkq7Jv3Zb1nT8cWfA5sGuHiK6oQeR';

/** Flips one bit of a base64url field. */
function flip(field: string): string {
  const bytes = Buffer.from(field, 'base64url');
  bytes[0] ^= 1;
  return bytes.toString('base64url');
}

describe('SecretCipher (AES-256-GCM)', () => {
  const cipher = new SecretCipher(parseSecretKeyring(`k1:${key(1)}`));

  it('round-trips, with a fresh 96-bit nonce each time and no plaintext in the envelope', () => {
    const sealed = cipher.seal(SECRET, AAD);
    expect(Object.keys(sealed).sort()).toEqual(['ct', 'iv', 'kid', 'tag']);
    expect(sealed.kid).toBe('k1');
    expect(Buffer.from(sealed.iv, 'base64url')).toHaveLength(12);
    expect(Buffer.from(sealed.tag, 'base64url')).toHaveLength(16);
    expect(JSON.stringify(sealed)).not.toContain(SECRET.slice(6, 20));
    expect(cipher.open(sealed, AAD)).toBe(SECRET);
    const again = cipher.seal(SECRET, AAD);
    expect(again.iv).not.toBe(sealed.iv);
    expect(again.ct).not.toBe(sealed.ct);
  });

  it('refuses other additional data: a secret moved to another endpoint does not open', () => {
    const sealed = cipher.seal(SECRET, AAD);
    expect(() => cipher.open(sealed, 'webhook-signing-secret/v1|ws_1|we_2')).toThrow(SecretOpenError);
    expect(() => cipher.open(sealed, 'webhook-signing-secret/v1|ws_2|we_1')).toThrow(SecretOpenError);
  });

  it('refuses a tampered tag, ciphertext or nonce, and malformed lengths', () => {
    const sealed = cipher.seal(SECRET, AAD);
    expect(() => cipher.open({ ...sealed, tag: flip(sealed.tag) }, AAD)).toThrow(SecretOpenError);
    expect(() => cipher.open({ ...sealed, ct: flip(sealed.ct) }, AAD)).toThrow(SecretOpenError);
    expect(() => cipher.open({ ...sealed, iv: flip(sealed.iv) }, AAD)).toThrow(SecretOpenError);
    expect(() => cipher.open({ ...sealed, tag: sealed.tag.slice(0, 8) }, AAD)).toThrow(SecretOpenError);
    expect(() => cipher.open({ ...sealed, iv: '' }, AAD)).toThrow(SecretOpenError);
  });

  it('opens what an older key sealed while sealing under the newest; a dropped key is an unknown key id', () => {
    const sealedBefore = cipher.seal(SECRET, AAD);
    const rotated = new SecretCipher(parseSecretKeyring(`k2:${key(2)},k1:${key(1)}`));
    expect(rotated.open(sealedBefore, AAD)).toBe(SECRET);
    expect(rotated.isCurrent(sealedBefore)).toBe(false);
    const sealedAfter = rotated.seal(SECRET, AAD);
    expect(sealedAfter.kid).toBe('k2');
    expect(rotated.isCurrent(sealedAfter)).toBe(true);
    const withoutOld = new SecretCipher(parseSecretKeyring(`k2:${key(2)}`));
    expect(() => withoutOld.open(sealedBefore, AAD)).toThrow(UnknownSecretKeyError);
    expect(() => withoutOld.open(sealedBefore, AAD)).toThrow('secret sealed under key "k1", which SECRETS_KEYRING does not hold');
  });

  it('the same key id with another key does not open (a key id reused for a new key)', () => {
    const sealed = cipher.seal(SECRET, AAD);
    expect(() => new SecretCipher(parseSecretKeyring(`k1:${key(9)}`)).open(sealed, AAD)).toThrow(SecretOpenError);
  });
});

describe('SECRETS_KEYRING', () => {
  it('takes <key-id>:<base64> entries, the first active, standard or url-safe base64', () => {
    const urlSafe = Buffer.alloc(32, 0xfb).toString('base64url');
    const keyring = parseSecretKeyring(` 2026-05:${key(5)} , 2026-01:${urlSafe}`);
    expect(keyring.activeKeyId).toBe('2026-05');
    expect([...keyring.keys.keys()]).toEqual(['2026-05', '2026-01']);
    expect(keyring.keys.get('2026-01')).toEqual(Buffer.alloc(32, 0xfb));
    expect(keyring.development).toBe(false);
  });

  it.each([
    ['no key id', `:${key(1)}`],
    ['no separator', key(1)],
    ['a short key', `k1:${Buffer.alloc(16).toString('base64')}`],
    ['a long key', `k1:${Buffer.alloc(33).toString('base64')}`],
    ['not base64', 'k1:not base64 at all!!'],
    ['a duplicate id', `k1:${key(1)},k1:${key(2)}`],
    ['an empty entry', `k1:${key(1)},`],
    ['a bad key id', `k 1:${key(1)}`],
  ])('refuses %s, never echoing the key', (_name, raw) => {
    let message = '';
    try {
      parseSecretKeyring(raw);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^SECRETS_KEYRING/);
    expect(message).not.toContain(key(1));
  });

  it('without it: none in production, else the fixed development key every process derives alike', () => {
    expect(loadSecretKeyring({ NODE_ENV: 'production' })).toBeNull();
    expect(loadSecretKeyring({ NODE_ENV: 'production', SECRETS_KEYRING: '' })).toBeNull();
    const dev = loadSecretKeyring({});
    expect(dev).toMatchObject({ activeKeyId: DEVELOPMENT_KEY_ID, development: true });
    expect(loadSecretKeyring({ NODE_ENV: 'development' })?.keys.get(DEVELOPMENT_KEY_ID)).toEqual(dev?.keys.get(DEVELOPMENT_KEY_ID));
    expect(loadSecretKeyring({ NODE_ENV: 'production', SECRETS_KEYRING: `k1:${key(1)}` })?.activeKeyId).toBe('k1');
  });

  it('a process that seals or opens secrets refuses to start without keys (production)', () => {
    expect(() => startSecretCipher(null)).toThrow(/SECRETS_KEYRING is required when NODE_ENV=production/);
    const keyring = loadSecretKeyring({});
    expect(keyring && startSecretCipher(keyring).activeKeyId).toBe(DEVELOPMENT_KEY_ID);
  });
});
