import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyMode } from '@eh/contracts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^svc_(test|live)_[0-9A-Za-z]{32}$/;

export interface GeneratedKey {
  key: string;
  hash: string;
  last4: string;
}

/** 32 base62 characters: about 190 bits, so a plain SHA-256 (no slow hash) is a safe way to store it. */
export function generateApiKey(mode: KeyMode): GeneratedKey {
  const bytes = randomBytes(32);
  const body = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  const key = `svc_${mode}_${body}`;
  return { key, hash: hashApiKey(key), last4: body.slice(-4) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function modeOfKey(key: string): KeyMode | null {
  const match = KEY_PATTERN.exec(key);
  return match ? (match[1] as KeyMode) : null;
}

/** Constant-time comparison of two hex hashes of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
