import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Bearer secrets of people (session tokens, invitation tokens, CSRF tokens) are 32 random bytes
 * in base64url: 43 characters, 256 bits. Drawn by adapters/random-secret.ts.
 */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const looksLikeSecretToken = (value: string): boolean => SECRET_TOKEN_PATTERN.test(value);

/**
 * Only this hash is stored (in tables and events). SHA-256 rather than a slow hash: at 256 bits
 * of entropy nothing can be guessed, and a lookup by hash stays an index scan.
 */
export const hashSecretToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Timing-safe equality of two secrets of any length: both are hashed first, so the comparison
 * always runs over 32 bytes and reveals neither a common prefix nor the expected length.
 */
export function sameSecret(expected: string, presented: string | null | undefined): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || expected.length === 0) return false;
  const left = createHash('sha256').update(expected, 'utf8').digest();
  const right = createHash('sha256').update(presented, 'utf8').digest();
  return timingSafeEqual(left, right);
}

/** The console's CSRF check (synchronizer token): the header must equal the session's token. */
export const csrfTokenMatches = (sessionToken: string, header: string | string[] | undefined): boolean =>
  typeof header === 'string' && sameSecret(sessionToken, header);
