import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CREDENTIAL_PATTERN = /^svc_expert_[0-9A-Za-z]{32}$/;

export interface GeneratedCredential {
  credential: string;
  hash: string;
  last4: string;
}

/**
 * An expert's own credential for the expert API (`svc_expert_` + 32 base62, ~190 bits), stored
 * as SHA-256 like API keys (docs/decisions.md "Operations"): a slow hash adds nothing at this entropy.
 */
export function generateExpertCredential(): GeneratedCredential {
  const body = Array.from(randomBytes(32), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  const credential = `svc_expert_${body}`;
  return { credential, hash: hashExpertCredential(credential), last4: body.slice(-4) };
}

export const hashExpertCredential = (credential: string): string => createHash('sha256').update(credential, 'utf8').digest('hex');

export const looksLikeExpertCredential = (value: string): boolean => CREDENTIAL_PATTERN.test(value);

export function sameCredentialHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
