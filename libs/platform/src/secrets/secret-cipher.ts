import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SealedSecret } from '@eh/contracts';
import type { SecretKeyring } from './secret-keyring';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class UnknownSecretKeyError extends Error {
  constructor(readonly keyId: string) {
    super(`secret sealed under key "${keyId}", which SECRETS_KEYRING does not hold`);
    this.name = 'UnknownSecretKeyError';
  }
}

export class SecretOpenError extends Error {
  constructor(keyId: string) {
    super(`secret sealed under key "${keyId}" does not open: wrong key, other additional data, or altered`);
    this.name = 'SecretOpenError';
  }
}

/**
 * AES-256-GCM straight under the keyring's key, a random 96-bit nonce per secret (
 * docs/decisions.md "Edge hardening"). `aad` is authenticated, not stored: opening with another
 * one (another endpoint's) fails, so a sealed secret cannot be moved.
 */
export class SecretCipher {
  constructor(private readonly keyring: SecretKeyring) {}

  get activeKeyId(): string {
    return this.keyring.activeKeyId;
  }

  seal(plaintext: string, aad: string): SealedSecret {
    const kid = this.keyring.activeKeyId;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key(kid), iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { kid, iv: iv.toString('base64url'), tag: cipher.getAuthTag().toString('base64url'), ct: ct.toString('base64url') };
  }

  open(sealed: SealedSecret, aad: string): string {
    const iv = Buffer.from(sealed.iv, 'base64url');
    const tag = Buffer.from(sealed.tag, 'base64url');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretOpenError(sealed.kid);
    const decipher = createDecipheriv(ALGORITHM, this.key(sealed.kid), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(Buffer.from(sealed.ct, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretOpenError(sealed.kid);
    }
  }

  /** Sealed under the active key: nothing for `secrets:reencrypt` to do. */
  isCurrent(sealed: SealedSecret): boolean {
    return sealed.kid === this.keyring.activeKeyId;
  }

  private key(kid: string): Buffer {
    const key = this.keyring.keys.get(kid);
    if (!key) throw new UnknownSecretKeyError(kid);
    return key;
  }
}

let warned = false;

/**
 * The cipher a process that seals or opens secrets starts with (gateway, webhooks, ops CLI).
 * Refuses without a keyring (production without SECRETS_KEYRING); warns loudly, on stderr, when
 * it is the public development key.
 */
export function startSecretCipher(keyring: SecretKeyring | null): SecretCipher {
  if (!keyring) throw new Error('SECRETS_KEYRING is required when NODE_ENV=production: <key-id>:<base64 of 32 random bytes>[,<older key>…]');
  // Jest runs set NODE_ENV=test; there the development key is expected, and the noise is not.
  if (keyring.development && !warned && process.env.NODE_ENV !== 'test') {
    warned = true;
    process.stderr.write(
      '\n*** WARNING: SECRETS_KEYRING is not set: webhook secrets are sealed with the PUBLIC development key. ***\n' +
        '*** Set SECRETS_KEYRING=<key-id>:<base64 of 32 random bytes> (openssl rand -base64 32) for any real data. ***\n\n',
    );
  }
  return new SecretCipher(keyring);
}
