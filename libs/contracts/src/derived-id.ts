import { hash } from 'node:crypto';
import { encodeTime } from 'ulid';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * How the 16 random characters are drawn from the SHA-256 digest. Two encodings exist because
 * ids derived before this module were written with both, and every id must stay byte-for-byte
 * what it was (a retry must name the same event, delivery or resource as the first attempt):
 * - `byte-modulo`: each of the first 16 bytes modulo 32 (event and delivery ids);
 * - `bit-packed`: the first 80 bits in 5-bit groups (resources created under an Idempotency-Key).
 */
export type DigestEncoding = 'byte-modulo' | 'bit-packed';

export interface DerivedIdInput {
  /** `evt`, `del`, `dep`…: see ID_PREFIX. */
  prefix: string;
  /** The 10-character ULID time part: ids still sort by the time of what they derive from. */
  time: string;
  /** What the id is a function of; the same seed always gives the same id. */
  seed: string;
  encoding: DigestEncoding;
}

/** The one deterministic id derivation: `<prefix>_<time><16 characters of sha256(seed)>`, a valid ULID body. */
export function derivedId(input: DerivedIdInput): string {
  // The one-shot hash (no Hash object per id; a delivery derives four), as a 'binary'
  // (latin1) string, one character per byte: 0.5 µs where a Buffer's allocation made it 2.
  const digest = hash('sha256', input.seed, 'binary');
  const random = input.encoding === 'byte-modulo' ? byteModulo(digest) : bitPacked(digest);
  return `${input.prefix}_${input.time}${random}`;
}

/** The time part of an existing `<prefix>_<ulid>` id. */
export const timePartOf = (id: string): string => id.slice(id.indexOf('_') + 1).slice(0, 10);

/** The time part for a moment. */
export const timePartAt = (at: Date): string => encodeTime(at.getTime(), 10);

function byteModulo(digest: string): string {
  let out = '';
  for (let index = 0; index < 16; index++) out += CROCKFORD[digest.charCodeAt(index) % 32];
  return out;
}

function bitPacked(digest: string): string {
  let out = '';
  for (let index = 0; index < 16; index++) {
    const bit = index * 5;
    // The 80 bits read end within the digest's 32 bytes: both characters exist.
    const pair = (digest.charCodeAt(bit >> 3) << 8) | digest.charCodeAt((bit >> 3) + 1);
    out += CROCKFORD[(pair >> (11 - (bit & 7))) & 31];
  }
  return out;
}
